package com.nacosx.naming.store.legacy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * What the old HTTP Raft holds on this node, as a 1.x node keeps it: each key's datum
 * ({@code {"key":..,"value":..,"timestamp":n}}, the timestamp counting the leader's writes of the
 * key) in a file of its own, and the term in {@code meta.properties}, so a restarted node serves
 * what it had until the leader's next beat. Kept under {@code ${nacos.home}/data/naming/http-raft}.
 */
final class HttpRaftDatums {

    /** A key's datum as stored, with its timestamp read out. */
    record Stored(long timestamp, byte[] json) {
    }

    private static final String SUFFIX = ".datum";
    private static final String META = "meta.properties";

    private final Path directory;
    private final Map<String, Stored> datums = new ConcurrentHashMap<>();

    HttpRaftDatums(Path directory) {
        this.directory = directory;
    }

    /** Reads what an earlier run kept; a file that cannot be read is skipped with the reason. */
    Map<String, Stored> load() {
        if (!Files.isDirectory(directory)) {
            return Map.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(file -> file.getFileName().toString().endsWith(SUFFIX)).forEach(file -> {
                String name = file.getFileName().toString();
                String key = URLDecoder.decode(name.substring(0, name.length() - SUFFIX.length()), StandardCharsets.UTF_8);
                try {
                    byte[] json = Files.readAllBytes(file);
                    datums.put(key, new Stored(HttpRaftWire.timestamp(json), json));
                } catch (IOException | IllegalArgumentException e) {
                    throw new IllegalStateException("cannot read the old Raft's datum " + file + ": " + e.getMessage()
                            + "; move the file away to start without it", e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.copyOf(datums);
    }

    Stored get(String key) {
        return datums.get(key);
    }

    long timestamp(String key) {
        Stored stored = datums.get(key);
        return stored == null ? 0 : stored.timestamp();
    }

    Map<String, Stored> all() {
        return Map.copyOf(datums);
    }

    /** Keeps the datum, on disk first. */
    void put(String key, long timestamp, byte[] json) {
        write(file(key), json);
        datums.put(key, new Stored(timestamp, json));
    }

    void remove(String key) {
        datums.remove(key);
        try {
            Files.deleteIfExists(file(key));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Forgets everything, on disk too: the group that replaces the old Raft holds it now. */
    void clear() {
        datums.keySet().forEach(this::remove);
        try {
            Files.deleteIfExists(directory.resolve(META));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    long term() {
        Path meta = directory.resolve(META);
        if (!Files.exists(meta)) {
            return 0;
        }
        Properties properties = new Properties();
        try (var in = Files.newInputStream(meta)) {
            properties.load(in);
            return Long.parseLong(properties.getProperty("term", "0").trim());
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("cannot read the old Raft's term from " + meta + ": " + e.getMessage()
                    + "; remove the file to start at term 0", e);
        }
    }

    void saveTerm(long term) {
        write(directory.resolve(META), ("term=" + term + "\n").getBytes(StandardCharsets.ISO_8859_1));
    }

    private Path file(String key) {
        return directory.resolve(URLEncoder.encode(key, StandardCharsets.UTF_8) + SUFFIX);
    }

    private void write(Path target, byte[] content) {
        try {
            Files.createDirectories(directory);
            Path temporary = target.resolveSibling(target.getFileName() + ".tmp");
            Files.write(temporary, content);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
