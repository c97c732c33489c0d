package com.nacosx.config.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.springframework.util.FileSystemUtils;

/**
 * An embedded Derby that holds the Nacos tables and nothing else, made by the build into the
 * package ({@code target/derby-empty}) and copied into a node's data directory where it has no
 * database yet. Derby creating its catalogue and then the Nacos tables took 1.0-1.3 s of a fresh
 * standalone start on a busy host, where opening a database that has them takes 0.4-0.5 s
 * (bench/RESULTS.md). Without the package's copy (a server run from the IDE, the tests' in-JVM
 * servers) Derby creates the database as before.
 */
public final class EmptyDerbyDatabase {

    /** Where a start looks for the copy: by default {@code target/derby-empty} in the server's home. */
    public static final String LOCATION_PROPERTY = "nacos.derby.empty-database";
    public static final String PACKAGED = "target/derby-empty";

    /**
     * The build's step: {@code java -cp nacos-server.jar com.nacosx.config.store.EmptyDerbyDatabase DIR}
     * makes the database in DIR, replacing what is there, and shuts Derby down cleanly so that a
     * copy opens without recovery. Its log file is Derby's default 1 MB: the server's larger log
     * files are made as the server writes.
     */
    public static void main(String[] args) throws IOException, SQLException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: EmptyDerbyDatabase DIR");
        }
        Path dir = Path.of(args[0]).toAbsolutePath();
        FileSystemUtils.deleteRecursively(dir);
        Files.createDirectories(dir.getParent());
        System.setProperty("derby.stream.error.file", dir.resolveSibling(dir.getFileName() + ".log").toString());
        // The territory is part of the database: fixed, not the build machine's locale.
        try (Connection connection = DriverManager.getConnection("jdbc:derby:" + dir + ";create=true;territory=en_US")) {
            DerbySchema.prepare(connection);
        }
        SQLException failure = DerbyDataSource.shutDown("jdbc:derby:" + dir + ";shutdown=true");
        if (failure != null) {
            throw failure;
        }
        System.out.println("empty Derby database: " + dir);
    }

    /**
     * Copies {@code template} to {@code dir} when {@code dir} does not exist and {@code template}
     * does; whether it did. The copy is synced and then renamed into place, so that a start that
     * dies halfway leaves no partial database behind; a copy that fails is removed.
     */
    static boolean copyIfAbsent(Path template, Path dir) throws IOException {
        if (Files.exists(dir) || !Files.isRegularFile(template.resolve("service.properties"))) {
            return false;
        }
        Path copying = dir.resolveSibling(dir.getFileName() + ".copying");
        FileSystemUtils.deleteRecursively(copying);
        try {
            FileSystemUtils.copyRecursively(template, copying);
            SyncedFiles.syncTree(copying);
            Files.move(copying, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException failure) {
            // A full disk, say: what was copied would only take the room the next start needs.
            FileSystemUtils.deleteRecursively(copying);
            throw failure;
        }
        SyncedFiles.sync(dir.getParent());
        return true;
    }
}
