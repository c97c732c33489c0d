package com.nacosx.naming.store.legacy;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * The snapshot file of 1.4's persistent naming group, {@code naming_persistent.zip}: its data
 * directory zipped under {@code naming_persistent/}, one file per key named by the key, in a
 * directory named by the key's namespace (none for the switches). A 1.4 node installs ours and we
 * install theirs, so the layout is theirs. The file is read into memory only; no path in it is
 * ever written to disk.
 */
final class LegacySnapshotArchive {

    static final String FILE_NAME = "naming_persistent.zip";
    private static final String ROOT = "naming_persistent";
    /** 1.4 nodes keep a few thousand small datums; a snapshot far larger is not one of theirs. */
    private static final long MAX_BYTES = 512L * 1024 * 1024;

    private LegacySnapshotArchive() {
    }

    static void write(Path directory, Map<String, byte[]> datums) throws IOException {
        try (OutputStream file = Files.newOutputStream(directory.resolve(FILE_NAME));
             ZipOutputStream zip = new ZipOutputStream(new BufferedOutputStream(file))) {
            for (Map.Entry<String, byte[]> datum : datums.entrySet()) {
                String namespace = LegacyPersistentKeys.namespaceDirectory(datum.getKey());
                String name = namespace.isEmpty() ? ROOT + '/' + datum.getKey()
                        : ROOT + '/' + namespace + '/' + datum.getKey();
                zip.putNextEntry(new ZipEntry(name));
                zip.write(datum.getValue());
                zip.closeEntry();
            }
        }
    }

    /**
     * The datums of the snapshot in {@code directory}, none when it holds no archive.
     *
     * @throws IOException when the archive cannot be read or is larger than any 1.4 node's
     */
    static Map<String, byte[]> read(Path directory) throws IOException {
        Map<String, byte[]> datums = new HashMap<>();
        Path archive = directory.resolve(FILE_NAME);
        if (!Files.exists(archive)) {
            return datums;
        }
        long total = 0;
        try (InputStream file = Files.newInputStream(archive); ZipInputStream zip = new ZipInputStream(file)) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                String name = entry.getName().replace('\\', '/');
                String key = name.substring(name.lastIndexOf('/') + 1);
                if (entry.isDirectory() || !LegacyPersistentKeys.isValid(key)) {
                    continue;
                }
                byte[] value = zip.readAllBytes();
                total += value.length;
                if (total > MAX_BYTES) {
                    throw new IOException(archive + " unpacks to more than " + MAX_BYTES + " bytes");
                }
                datums.put(key, value);
            }
        }
        return datums;
    }
}
