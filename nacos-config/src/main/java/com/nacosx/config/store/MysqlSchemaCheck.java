package com.nacosx.config.store;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * Refuses, with what to run, a MySQL database that lacks what 2.x reads and writes: the database
 * of an official 1.x cluster, which {@code conf/mysql-upgrade-from-1.4.sql} brings up to date
 * without disturbing the 1.x nodes still using it.
 */
final class MysqlSchemaCheck {

    /** Table and column (null: the table itself) that 2.x added to the 1.4 schema. */
    private static final String[][] ADDED_IN_2X = {
        {"config_info", "encrypted_data_key"},
        {"his_config_info", "encrypted_data_key"},
        {"his_config_info", "publish_type"},
        {"his_config_info", "gray_name"},
        {"config_info_gray", null},
    };

    private MysqlSchemaCheck() {
    }

    /** @throws IllegalStateException naming what is missing and the script that adds it */
    static void requireCurrent(DataSource dataSource) throws SQLException {
        List<String> missing = new ArrayList<>();
        try (Connection connection = dataSource.getConnection()) {
            DatabaseMetaData meta = connection.getMetaData();
            for (String[] wanted : ADDED_IN_2X) {
                if (!exists(meta, connection.getCatalog(), wanted[0], wanted[1])) {
                    missing.add(wanted[1] == null ? "table " + wanted[0] : wanted[0] + "." + wanted[1]);
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("the MySQL database lacks " + String.join(", ", missing)
                    + ": it is a Nacos 1.x database. Run conf/mysql-upgrade-from-1.4.sql on it once (it only adds"
                    + " columns and a table, and 1.x nodes still using the database keep working), then start again");
        }
    }

    private static boolean exists(DatabaseMetaData meta, String catalog, String table, String column)
            throws SQLException {
        try (ResultSet found = column == null ? meta.getTables(catalog, null, table, null)
                : meta.getColumns(catalog, null, table, column)) {
            return found.next();
        }
    }
}
