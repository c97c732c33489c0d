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
 * its logs and data, hundreds of megabytes a run: left behind, they fill the disk.
 */
public final class TempDirs {

    private static final List<Path> CREATED = new CopyOnWriteArrayList<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> CREATED.forEach(TempDirs::deleteQuietly),
                "delete-temp-dirs"));
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

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> tree = Files.walk(dir)) {
            tree.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // A server still writing while the JVM exits: what is left is under the temporary directory.
        }
    }
}
