package com.nacosx.core.upgrade;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Whether the cluster has switched to the 2.x mode, on disk: a properties file with
 * {@code upgraded=true|false}, the official server's format, so a node restarted after the switch
 * does not fall back to the 1.x mode.
 */
final class UpgradeState {

    private static final String UPGRADED = "upgraded";

    private final Path file;

    UpgradeState(Path file) {
        this.file = file;
    }

    /** @return true when the file says the cluster switched; false when it says not or does not exist */
    boolean upgraded() {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + "; fix or remove it (it says whether the "
                    + "cluster switched to the 2.x mode)", e);
        }
        return Boolean.parseBoolean(properties.getProperty(UPGRADED));
    }

    void save(boolean upgraded) {
        Properties properties = new Properties();
        properties.setProperty(UPGRADED, String.valueOf(upgraded));
        try {
            Files.createDirectories(file.getParent());
            try (OutputStream out = Files.newOutputStream(file)) {
                properties.store(out, null);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
