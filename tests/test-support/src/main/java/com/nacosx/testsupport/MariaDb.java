package com.nacosx.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

/**
 * The private MariaDB of tests/scripts/mariadb.sh (installed from Debian's packages when absent),
 * on 127.0.0.1 with database, user and password "nacos".
 */
public final class MariaDb {

    public static final int PORT = 13306;
    public static final String USER = "nacos";
    public static final String PASSWORD = "nacos";

    private MariaDb() {
    }

    public static String jdbcUrl() {
        return "jdbc:mysql://127.0.0.1:" + PORT + "/nacos?characterEncoding=utf8&connectTimeout=1000"
                + "&socketTimeout=3000&useUnicode=true&useSSL=false&serverTimezone=UTC&allowPublicKeyRetrieval=true";
    }

    /** The server settings that select this database. */
    public static String[] serverProperties() {
        return new String[] {"spring.sql.init.platform=mysql", "db.num=1", "db.url.0=" + jdbcUrl(), "db.user=" + USER,
            "db.password=" + PASSWORD};
    }

    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), USER, PASSWORD);
    }

    /** Creates the tables of {@code conf/mysql-schema.sql} (found through {@code nacosx.conf.dir}). */
    public static void createSchema() throws IOException, SQLException {
        runScript("mysql-schema.sql");
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
            Process process = new ProcessBuilder("bash", script.toString(), action)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
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
