package com.nacosx.config.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Derby boots a database read-only when it cannot create its lock file, as on a full disk (made
 * here by a directory where the file goes), and keeps it read-only while it stays booted. The pool
 * must let it boot again writable once the file can be made, without a restart of the server.
 */
class DerbyDataSourceTest {

    @TempDir
    Path home;

    @Test
    void aDatabaseBootedReadOnlyIsWritableAgainOnceItsDiskIs() throws Exception {
        System.setProperty("derby.stream.error.file", "target/derby.log");
        Path dir = home.resolve("derby");
        String url = "jdbc:derby:" + dir;
        try (Connection boot = DriverManager.getConnection(url + ";create=true");
                Statement create = boot.createStatement()) {
            create.execute("CREATE TABLE kept (v INT)");
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(2);
        config.setConnectionTimeout(1000);
        try (DerbyDataSource pool = new DerbyDataSource(config, url + ";shutdown=true", () -> { }, () -> null)) {
            insert(pool.getConnection(), 1);

            shutDown(url);
            Path lock = dir.resolve("db.lck");
            Files.deleteIfExists(lock);
            Files.createDirectory(lock);
            pool.getHikariPoolMXBean().softEvictConnections();
            SQLException whileFull = assertThrows(SQLException.class, () -> insert(pool.getConnection(), 2));

            Files.delete(lock);
            insert(pool.getConnection(), 3);
            assertEquals(2, count(pool.getConnection()), "rows kept, the read-only one refused: " + whileFull);
        }
    }

    /** The database opens beside the rest of the start: a failed open is what the first connection throws. */
    @Test
    void aFailedOpenIsWhatTheFirstConnectionTells() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:derby:" + home.resolve("never"));
        try (DerbyDataSource pool = new DerbyDataSource(config, "jdbc:derby:" + home.resolve("never") + ";shutdown=true",
                () -> { }, () -> {
                    throw new SQLException("disk full");
                })) {
            SQLException refused = assertThrows(SQLException.class, pool::getConnection);
            assertTrue(refused.getMessage().contains("could not be opened: disk full"), refused.getMessage());
        }
    }

    private static void shutDown(String url) {
        try {
            DriverManager.getConnection(url + ";shutdown=true").close();
        } catch (SQLException expected) {
            assertEquals("08006", expected.getSQLState(), expected.getMessage());
        }
    }

    private static void insert(Connection connection, int value) throws SQLException {
        try (connection; Statement insert = connection.createStatement()) {
            insert.execute("INSERT INTO kept VALUES (" + value + ")");
        }
    }

    private static int count(Connection connection) throws SQLException {
        try (connection; Statement select = connection.createStatement();
                ResultSet rows = select.executeQuery("SELECT COUNT(*) FROM kept")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
