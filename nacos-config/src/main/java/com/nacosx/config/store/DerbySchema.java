package com.nacosx.config.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
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
    private static final Pattern CREATE_TABLE = Pattern.compile("^CREATE TABLE (\\w+) \\(", Pattern.CASE_INSENSITIVE);
    private static final Pattern CREATE_INDEX = Pattern.compile("^CREATE INDEX \\w+ ON (\\w+)\\(",
            Pattern.CASE_INSENSITIVE);

    private DerbySchema() {
    }

    public static void prepare(Connection connection) throws IOException, SQLException {
        List<String> statements = statementsOf(script());
        boolean fresh = !tableExists(connection, "config_info");
        Set<String> created = new HashSet<>();
        List<String> added = new ArrayList<>();
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                Matcher table = CREATE_TABLE.matcher(sql);
                Matcher index = CREATE_INDEX.matcher(sql);
                if (table.find()) {
                    String name = table.group(1).toLowerCase(Locale.ROOT);
                    if (!tableExists(connection, name)) {
                        statement.execute(sql);
                        created.add(name);
                        added.add("table " + name);
                        continue;
                    }
                    Set<String> present = columnsOf(connection, name);
                    for (String column : columnDefinitions(sql)) {
                        String columnName = column.split("\\s+")[0].toLowerCase(Locale.ROOT);
                        if (!present.contains(columnName)) {
                            statement.execute("ALTER TABLE " + name + " ADD COLUMN " + column);
                            added.add(name + "." + columnName);
                        }
                    }
                } else if (index.find() && created.contains(index.group(1).toLowerCase(Locale.ROOT))) {
                    statement.execute(sql);
                }
            }
        }
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

    private static boolean tableExists(Connection connection, String table) throws SQLException {
        try (ResultSet tables = connection.getMetaData().getTables(null, null, table.toUpperCase(Locale.ROOT), null)) {
            return tables.next();
        }
    }

    private static Set<String> columnsOf(Connection connection, String table) throws SQLException {
        Set<String> columns = new HashSet<>();
        try (ResultSet found = connection.getMetaData().getColumns(null, null, table.toUpperCase(Locale.ROOT), null)) {
            while (found.next()) {
                columns.add(found.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
            }
        }
        return columns;
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
