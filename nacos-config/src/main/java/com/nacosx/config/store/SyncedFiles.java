package com.nacosx.config.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/** Makes files the embedded Derby will rely on durable before anything is recorded about them. */
final class SyncedFiles {

    private SyncedFiles() {
    }

    /** Every file and directory under {@code root}, and {@code root} itself. */
    static void syncTree(Path root) throws IOException {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.toList();
        }
        for (Path path : paths) {
            sync(path);
        }
    }

    /** Files and directories alike: a directory's sync makes the names in it durable. */
    static void sync(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
