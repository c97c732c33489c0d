package com.nacosx.tests.console;

import static org.junit.jupiter.api.Assertions.fail;

import com.nacosx.testsupport.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs one browser step of {@code e2e/steps.mjs} against a server: Playwright drives Debian's
 * chromium (installed by tests/scripts/chromium.sh when absent), and the step fails the test with
 * its reason and a screenshot when the page does not show what it expects.
 */
final class BrowserSteps {

    /** Each action inside a step waits up to 30 s for its condition; a whole step gets this long. */
    private static final long STEP_BOUND_SECONDS = 300;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static String chromium;

    private final String consoleUrl;
    private final String shotsFolder;

    BrowserSteps(ServerProcess server) {
        this(server, "");
    }

    /** Steps whose screenshots go into a folder of their own under the screenshots directory. */
    BrowserSteps(ServerProcess server, String shotsFolder) {
        this.consoleUrl = server.baseUrl();
        this.shotsFolder = shotsFolder;
    }

    void run(String step, Map<String, ?> args) {
        Path e2e = Path.of(System.getProperty("nacosx.e2e.dir", "e2e"));
        Path shots = Path.of(System.getProperty("nacosx.screenshots.dir", "target/screenshots")).resolve(shotsFolder);
        Path log = shots.resolve(step + ".log");
        ProcessBuilder node = new ProcessBuilder("node", "steps.mjs", step).directory(e2e.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        node.environment().put("NACOS_URL", consoleUrl);
        node.environment().put("CHROMIUM", chromium());
        node.environment().put("SHOTS", shots.toString());
        node.environment().put("STEP_ARGS", JSON.writeValueAsString(args));
        try {
            Files.createDirectories(shots);
            Process process = node.start();
            if (!process.waitFor(STEP_BOUND_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("the browser step " + step + " did not end within " + STEP_BOUND_SECONDS + " s: " + Files.readString(log));
            }
            String said = Files.readString(log);
            System.out.print(said);
            if (process.exitValue() != 0) {
                fail("the browser step " + step + " failed:\n" + said);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run node (Node.js 18 or later must be installed)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static synchronized String chromium() {
        if (chromium == null) {
            Path script = Path.of(System.getProperty("nacosx.scripts.dir", "tests/scripts"), "chromium.sh");
            try {
                Process process = new ProcessBuilder("bash", script.toString())
                        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
                String path = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
                if (process.waitFor() != 0 || path.isEmpty()) {
                    throw new IllegalStateException("chromium.sh could not install chromium from Debian's packages");
                }
                chromium = path;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return chromium;
    }
}
