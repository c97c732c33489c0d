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
import java.util.Arrays;

/** The Nacos tables in an embedded Derby, created from the bundled schema when the database has none. */
public final class DerbySchema {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    private static final String SCRIPT = "/META-INF/nacos/derby-schema.sql";

    private DerbySchema() {
    }

    public static void createIfMissing(Connection connection) throws IOException, SQLException {
        try (ResultSet tables = connection.getMetaData().getTables(null, null, "CONFIG_INFO", null)) {
            if (tables.next()) {
                return;
            }
        }
        String script;
        try (InputStream in = DerbySchema.class.getResourceAsStream(SCRIPT)) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (Statement statement = connection.createStatement()) {
            for (String sql : statementsOf(script)) {
                statement.execute(sql);
            }
        }
        LOG.info("created the Nacos tables in the embedded Derby");
    }

    private static String[] statementsOf(String script) {
        String withoutComments = script.lines()
                .filter(line -> !line.trim().startsWith("--"))
                .reduce("", (a, b) -> a + "\n" + b);
        return Arrays.stream(withoutComments.split(";\\s*\n|;\\s*$"))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toArray(String[]::new);
    }
}
