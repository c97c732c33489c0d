package com.nacosx.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The private MariaDB of tests/scripts/mariadb.sh (installed from Debian's packages when absent),
 * with database, user and password "nacos": on 127.0.0.1:13306 unless the system properties
 * {@code nacosx.mariadb.host} and {@code nacosx.mariadb.port} say where (the fault tests put it on
 * the bridge their nodes' network namespaces reach).
 */
public final class MariaDb {

    public static final String HOST = System.getProperty("nacosx.mariadb.host", "127.0.0.1");
    public static final int PORT = Integer.getInteger("nacosx.mariadb.port", 13306);
    public static final String USER = "nacos";
    public static final String PASSWORD = "nacos";

    private MariaDb() {
    }

    public static String jdbcUrl() {
        return jdbcUrl(HOST, PORT);
    }

    private static String jdbcUrl(String host, int port) {
        return "jdbc:mysql://" + host + ":" + port + "/nacos?characterEncoding=utf8&connectTimeout=1000"
                + "&socketTimeout=3000&useUnicode=true&useSSL=false&serverTimezone=UTC&allowPublicKeyRetrieval=true";
    }

    /** The server settings that select this database. */
    public static String[] serverProperties() {
        return serverPropertiesVia(HOST, PORT);
    }

    /** The server settings that select this database reached at {@code host:port} (a proxy in front of it). */
    public static String[] serverPropertiesVia(String host, int port) {
        return new String[] {"spring.sql.init.platform=mysql", "db.num=1", "db.url.0=" + jdbcUrl(host, port),
            "db.user=" + USER, "db.password=" + PASSWORD};
    }

    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), USER, PASSWORD);
    }

    /** Creates the tables of {@code conf/mysql-schema.sql} (found through {@code nacosx.conf.dir}). */
    public static void createSchema() throws IOException, SQLException {
        runScript("mysql-schema.sql");
    }

    /**
     * Turns the config tables back to the character set of the official schema, utf8 (three bytes
     * a character at most), as a database an official 1.4.x or 2.x cluster made has them.
     */
    public static void useOfficialCharset() throws SQLException {
        try (Connection db = connect(); Statement statement = db.createStatement()) {
            for (String table : new String[] {"config_info", "config_tags_relation", "group_capacity", "his_config_info",
                "tenant_capacity", "tenant_info"}) {
                statement.execute("ALTER TABLE " + table + " CONVERT TO CHARACTER SET utf8 COLLATE utf8_bin");
            }
            statement.execute("ALTER TABLE config_info_gray CONVERT TO CHARACTER SET utf8");
        }
    }

    /** The text columns of the config tables that are not utf8mb4, as {@code table.column}. */
    public static List<String> narrowColumns() throws SQLException {
        List<String> narrow = new ArrayList<>();
        try (Connection db = connect(); Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery("SELECT table_name, column_name FROM "
                        + "information_schema.columns WHERE table_schema = DATABASE() AND table_name LIKE 'config%'"
                        + " AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4'")) {
            while (rows.next()) {
                narrow.add(rows.getString(1) + "." + rows.getString(2));
            }
        }
        return narrow;
    }

    /** Runs the statements of {@code conf/<file>}, one by one (comment lines left out). */
    public static void runScript(String file) throws IOException, SQLException {
        String script = Files.readString(Path.of(System.getProperty("nacosx.conf.dir"), file));
        try (Connection db = connect(); Statement statement = db.createStatement()) {
            for (String sql : script.replaceAll("(?m)^--.*$", "").split(";")) {
                if (!sql.isBlank()) {
                    statement.execute(sql);
                }
            }
        }
    }

    public static void start() {
        run("start");
    }

    public static void stop() {
        run("stop");
    }

    /** Starts it if needed and empties the nacos database. */
    public static void reset() {
        run("reset");
    }

    private static void run(String action) {
        Path script = Path.of(System.getProperty("nacosx.scripts.dir", "tests/scripts"), "mariadb.sh");
        try {
            ProcessBuilder builder = new ProcessBuilder("bash", script.toString(), action);
            builder.environment().put("MARIADB_PORT", String.valueOf(PORT));
            builder.environment().put("MARIADB_BIND", HOST);
            Process process = builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
            if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
                throw new IllegalStateException("mariadb.sh " + action + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + script, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
