package com.nacosx.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * Temporary directories for servers' homes and the like, deleted when the test JVM exits (not
 * before: tests restart servers on the same home). Each server home holds a packaged server,
 * its logs and data, hundreds of megabytes a run: left behind, they fill the disk. A home's
 * {@code logs} are kept under {@code target/server-logs/}: a test that failed on a busy machine
 * is explained by its servers' logs, and they are a few megabytes.
 */
public final class TempDirs {

    private static final List<Path> CREATED = new CopyOnWriteArrayList<>();
    /** Under the module being tested: surefire and failsafe run tests in its directory. */
    private static final Path KEPT_LOGS = Path.of("target", "server-logs");

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> CREATED.forEach(dir -> {
            keepLogs(dir);
            deleteQuietly(dir);
        }), "delete-temp-dirs"));
    }

    private TempDirs() {
    }

    /** A new directory under the temporary directory, named {@code prefix} and a number. */
    public static Path create(String prefix) {
        try {
            Path dir = Files.createTempDirectory(prefix);
            CREATED.add(dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void keepLogs(Path home) {
        Path logs = home.resolve("logs");
        if (!Files.isDirectory(logs)) {
            return;
        }
        Path kept = KEPT_LOGS.resolve(home.getFileName());
        try (Stream<Path> files = Files.list(logs)) {
            Files.createDirectories(kept);
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, kept.resolve(file.getFileName()));
            }
        } catch (IOException | UncheckedIOException e) {
            // The logs are a help, not the test's result: the exit goes on without them.
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> tree = Files.walk(dir)) {
            tree.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // A server still writing while the JVM exits: what is left is under the temporary directory.
        }
    }
}
