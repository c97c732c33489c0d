package com.nacosx.config.store;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The text columns of the config tables that cannot hold every character: the official schema
 * declares them {@code utf8}, MySQL's three-byte UTF-8, so a config holding an emoji or another
 * character outside the Basic Multilingual Plane is refused by the database. Our schema and
 * {@code conf/mysql-upgrade-from-1.4.sql} make them {@code utf8mb4}; on a database that was not
 * converted, a start warns and a refused write says which columns and what fixes them.
 */
@Component
public final class NarrowCharsetColumns {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    /** MySQL's ER_TRUNCATED_WRONG_VALUE_FOR_FIELD: "Incorrect string value: ... for column ...". */
    static final int INCORRECT_STRING_VALUE = 1366;
    static final String FIX = "run conf/mysql-upgrade-from-1.4.sql on the database (it converts the config tables to "
            + "utf8mb4 in place, e.g. ALTER TABLE `config_info` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin, "
            + "and nodes still using the database, official 1.4 ones too, keep working)";
    private static final String QUERY = "SELECT table_name, character_set_name, COUNT(*) FROM information_schema.columns"
            + " WHERE table_schema = DATABASE() AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4'"
            + " AND table_name IN ('config_info', 'config_info_beta', 'config_info_tag', 'config_info_gray',"
            + " 'config_tags_relation', 'his_config_info', 'tenant_info', 'group_capacity', 'tenant_capacity')"
            + " GROUP BY table_name, character_set_name ORDER BY table_name";

    private final DataSource dataSource;

    public NarrowCharsetColumns(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Each table with such columns, as {@code table (charset, N columns)}. */
    List<String> list() throws SQLException {
        List<String> narrow = new ArrayList<>();
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(QUERY);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                narrow.add(rows.getString(1) + " (" + rows.getString(2) + ", " + rows.getInt(3) + " columns)");
            }
        }
        return narrow;
    }

    /** Warns once at start when any table has such columns: the database still works for everything else. */
    void warnIfAny() throws SQLException {
        List<String> narrow = list();
        if (!narrow.isEmpty()) {
            LOG.warn("config tables with text columns that cannot hold 4-byte UTF-8 (emoji and other characters "
                    + "outside the Basic Multilingual Plane), so a config holding one is refused: {}; to store "
                    + "them, {}", String.join(", ", narrow), FIX);
        }
    }

    /**
     * The write's failure as the client should see it: a character the database refused, with the
     * columns that cannot hold it and what fixes them; any other failure as it is.
     */
    RuntimeException explain(RuntimeException failure) {
        SQLException refusal = refusalOf(failure);
        if (refusal == null) {
            return failure;
        }
        String columns;
        try {
            List<String> narrow = list();
            columns = narrow.isEmpty() ? "none that the database lists" : String.join(", ", narrow);
        } catch (SQLException unlisted) {
            columns = "the columns could not be listed: " + unlisted.getMessage();
        }
        return new NacosException(NacosException.SERVER_ERROR, ErrorCode.DATA_ACCESS_ERROR,
                "the database refused a character of this config (" + refusal.getMessage() + "): the config tables "
                        + "with columns that cannot hold 4-byte UTF-8 such as emoji are " + columns + "; nothing was "
                        + "changed. To store it, " + FIX, failure);
    }

    private static SQLException refusalOf(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getErrorCode() == INCORRECT_STRING_VALUE) {
                return sql;
            }
        }
        return null;
    }
}
