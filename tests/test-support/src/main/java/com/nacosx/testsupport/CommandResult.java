package com.nacosx.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A short command (a launcher script) run to its end: its exit code and everything it printed, both
 * streams together.
 */
public record CommandResult(int exitCode, String output) {

    public static CommandResult run(String... command) throws IOException, InterruptedException {
        return run(new ProcessBuilder(command));
    }

    /** Runs {@code builder} and waits as long as a busy machine needs ({@link Patience}) for its end. */
    public static CommandResult run(ProcessBuilder builder) throws IOException, InterruptedException {
        Process process = builder.redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Duration bound = Patience.of(Duration.ofSeconds(60));
        if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("not done within " + bound + ": " + builder.command());
        }
        return new CommandResult(process.exitValue(), output);
    }
}
