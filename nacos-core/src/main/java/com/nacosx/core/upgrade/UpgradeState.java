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
 * does not fall back to the 1.x mode. It also keeps {@code doubleWriteEnabled=false} once an
 * operator turned double write off (the official keeps that switch in its replicated switches), so
 * a restart does not bring the 1.x protocols back.
 */
final class UpgradeState {

    private static final String UPGRADED = "upgraded";
    private static final String DOUBLE_WRITE = "doubleWriteEnabled";

    private final Path file;

    UpgradeState(Path file) {
        this.file = file;
    }

    /** @return true when the file says the cluster switched; false when it says not or does not exist */
    boolean upgraded() {
        return Boolean.parseBoolean(read().getProperty(UPGRADED));
    }

    /** @return false when the file says double write was turned off; true otherwise */
    boolean doubleWriteEnabled() {
        return !"false".equals(read().getProperty(DOUBLE_WRITE));
    }

    private Properties read() {
        Properties properties = new Properties();
        if (!Files.isRegularFile(file)) {
            return properties;
        }
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + "; fix or remove it (it says whether the "
                    + "cluster switched to the 2.x mode)", e);
        }
        return properties;
    }

    void save(boolean upgraded, boolean doubleWriteEnabled) {
        Properties properties = new Properties();
        properties.setProperty(UPGRADED, String.valueOf(upgraded));
        properties.setProperty(DOUBLE_WRITE, String.valueOf(doubleWriteEnabled));
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
