package com.nacosx.config.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * An embedded Derby as an official 1.4.x standalone node leaves it (the tables without what 2.x
 * added: the encryption key columns, the gray table and the history's gray columns) is taken over:
 * the missing columns and table are added, every row stays, and a second start changes nothing.
 */
class DerbySchemaTest {

    /** What 2.x added to the 1.4 tables, and the schema's digest ours records; the 1.4 shape is ours without them. */
    static final List<String> SINCE_14 = List.of("ALTER TABLE config_info DROP COLUMN encrypted_data_key",
            "ALTER TABLE config_info_beta DROP COLUMN encrypted_data_key",
            "ALTER TABLE his_config_info DROP COLUMN encrypted_data_key",
            "ALTER TABLE his_config_info DROP COLUMN publish_type", "ALTER TABLE his_config_info DROP COLUMN gray_name",
            "ALTER TABLE his_config_info DROP COLUMN ext_info", "DROP TABLE config_info_gray",
            "CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('nacosx.schema.digest', NULL)");

    static Connection open(String name) throws SQLException {
        System.setProperty("derby.stream.error.file", "target/derby.log");
        return DriverManager.getConnection("jdbc:derby:memory:" + name + System.nanoTime() + ";create=true");
    }

    static List<String> columns(Connection connection, String table) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (ResultSet found = connection.getMetaData().getColumns(null, null, table.toUpperCase(), null)) {
            while (found.next()) {
                columns.add(found.getString("COLUMN_NAME").toLowerCase());
            }
        }
        return columns;
    }

    @Test
    void a14DatabaseGetsWhat2xAddedAndKeepsItsRows() throws Exception {
        try (Connection connection = open("from14"); Statement statement = connection.createStatement()) {
            DerbySchema.prepare(connection);
            List<String> wanted = columns(connection, "his_config_info");
            for (String sql : SINCE_14) {
                statement.execute(sql);
            }
            statement.execute("INSERT INTO config_info (data_id, group_id, tenant_id, content, md5) "
                    + "VALUES ('kept.properties', 'DEFAULT_GROUP', '', 'k=v', 'x')");
            statement.execute("INSERT INTO his_config_info (id, data_id, group_id, tenant_id, content, md5, op_type) "
                    + "VALUES (1, 'kept.properties', 'DEFAULT_GROUP', '', 'k=v', 'x', 'I')");

            DerbySchema.prepare(connection);
            assertEquals(Set.copyOf(wanted), Set.copyOf(columns(connection, "his_config_info")),
                    "added at the end, where Derby adds columns");
            assertTrue(columns(connection, "config_info").contains("encrypted_data_key"));
            assertTrue(columns(connection, "config_info_gray").contains("gray_rule"));
            try (ResultSet row = statement.executeQuery("SELECT content, encrypted_data_key FROM config_info")) {
                assertTrue(row.next());
                assertEquals("k=v", row.getString(1));
            }
            try (ResultSet row = statement.executeQuery("SELECT publish_type FROM his_config_info")) {
                assertTrue(row.next());
                assertEquals("formal", row.getString(1), "a history row of 1.4 reads as a formal publish");
            }

            List<String> before = columns(connection, "config_info");
            DerbySchema.prepare(connection);
            assertEquals(before, columns(connection, "config_info"), "a second start changes nothing");
        }
    }

    /** A database brought up to this script is not read again; one brought up to another script is. */
    @Test
    void theCatalogueIsReadOnlyWhenTheRecordedScriptDiffers() throws Exception {
        try (Connection connection = open("digest"); Statement statement = connection.createStatement()) {
            DerbySchema.prepare(connection);
            statement.execute("ALTER TABLE config_info DROP COLUMN encrypted_data_key");

            DerbySchema.prepare(connection);
            assertFalse(columns(connection, "config_info").contains("encrypted_data_key"),
                    "the recorded digest matches: the catalogue was not read");

            statement.execute("CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('nacosx.schema.digest', 'an older script')");
            DerbySchema.prepare(connection);
            assertTrue(columns(connection, "config_info").contains("encrypted_data_key"));
        }
    }

    @Test
    void aNewDatabaseGetsEveryTable() throws Exception {
        try (Connection connection = open("fresh")) {
            DerbySchema.prepare(connection);
            for (String table : List.of("config_info", "his_config_info", "config_info_beta", "config_info_tag",
                    "config_info_gray", "config_tags_relation", "group_capacity", "tenant_capacity", "tenant_info",
                    "users", "roles", "permissions")) {
                assertTrue(!columns(connection, table).isEmpty(), table);
            }
        }
    }
}
