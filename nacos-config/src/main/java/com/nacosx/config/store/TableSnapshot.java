package com.nacosx.config.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSetMetaData;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import com.nacosx.core.readiness.LoadProgress;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The config tables of the embedded database as one JSON file: what an embedded-storage cluster's
 * Raft snapshot holds. Rows keep their ids, and the identity counters continue after them, so
 * every node that loads a snapshot assigns the same ids to later rows.
 */
@Component
public class TableSnapshot {

    /** The tables config-center writes touch; users, roles and permissions are not replicated. */
    static final List<String> TABLES = List.of("config_info", "config_info_beta", "config_info_tag",
            "config_info_gray", "config_tags_relation", "his_config_info", "tenant_info", "users", "roles", "permissions");

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    /** One table: its columns (name, JDBC type, whether the database numbers it) and rows as text. */
    record Table(String name, List<Column> columns, List<List<String>> rows) {
    }

    record Column(String name, int type, boolean identity) {
    }

    /** Rows inserted per batch; progress is reported between batches. */
    private static final int BATCH_ROWS = 1000;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final LoadProgress progress;
    private final WrittenRows written;

    public TableSnapshot(JdbcTemplate jdbc, TransactionTemplate transaction, LoadProgress progress,
            WrittenRows written) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.progress = progress;
        this.written = written;
    }

    public void save(Path file) throws IOException {
        List<Table> tables = new ArrayList<>();
        for (String table : TABLES) {
            tables.add(read(table));
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            MAPPER.writeValue(out, tables);
        }
    }

    private Table read(String table) {
        List<Column> columns = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        jdbc.query("SELECT * FROM " + table, resultSet -> {
            ResultSetMetaData meta = resultSet.getMetaData();
            if (columns.isEmpty()) {
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    columns.add(new Column(meta.getColumnName(i).toLowerCase(), meta.getColumnType(i),
                            meta.isAutoIncrement(i)));
                }
            }
            List<String> row = new ArrayList<>(columns.size());
            for (int i = 1; i <= columns.size(); i++) {
                row.add(resultSet.getString(i));
            }
            rows.add(row);
        });
        return new Table(table, columns, rows);
    }

    /** Replaces the tables' rows with the file's, in one transaction. */
    public void load(Path file) throws IOException {
        List<Table> tables;
        try (InputStream in = Files.newInputStream(file)) {
            tables = List.of(MAPPER.readValue(in, Table[].class));
        }
        long rows = tables.stream().mapToLong(table -> table.rows().size()).sum();
        try (LoadProgress.Load load = progress.begin("raft-snapshot-config", "the config tables from a Raft snapshot",
                rows)) {
            transaction.executeWithoutResult(status -> {
                clearTables();
                tables.forEach(table -> insert(table, load));
            });
        }
    }

    /** Deletes every row of the replicated tables. */
    public void clear() {
        transaction.executeWithoutResult(status -> clearTables());
    }

    private void clearTables() {
        for (String table : TABLES) {
            jdbc.update("DELETE FROM " + table);
        }
        written.forgetAll();
    }

    private void insert(Table table, LoadProgress.Load load) {
        if (!TABLES.contains(table.name())) {
            throw new IllegalArgumentException("the snapshot holds an unknown table " + table.name());
        }
        if (table.rows().isEmpty()) {
            return;
        }
        List<String> names = table.columns().stream().map(Column::name).toList();
        String sql = "INSERT INTO " + table.name() + " (" + String.join(", ", names) + ") VALUES ("
                + String.join(", ", names.stream().map(name -> "?").toList()) + ")";
        List<Object[]> rows = table.rows().stream().map(row -> values(table.columns(), row)).toList();
        for (int from = 0; from < rows.size(); from += BATCH_ROWS) {
            List<Object[]> batch = rows.subList(from, Math.min(rows.size(), from + BATCH_ROWS));
            jdbc.batchUpdate(sql, batch);
            load.advance(batch.size());
        }
        for (int i = 0; i < table.columns().size(); i++) {
            Column column = table.columns().get(i);
            if (column.identity()) {
                int index = i;
                long next = table.rows().stream().mapToLong(row -> Long.parseLong(row.get(index))).max().orElse(0) + 1;
                jdbc.execute("ALTER TABLE " + table.name() + " ALTER COLUMN " + column.name() + " RESTART WITH " + next);
            }
        }
    }

    private static Object[] values(List<Column> columns, List<String> row) {
        Object[] values = new Object[row.size()];
        for (int i = 0; i < values.length; i++) {
            String text = row.get(i);
            values[i] = text == null ? null : switch (columns.get(i).type()) {
                case Types.BIGINT, Types.INTEGER, Types.SMALLINT, Types.TINYINT -> Long.parseLong(text);
                case Types.TIMESTAMP -> Timestamp.valueOf(text);
                case Types.BOOLEAN, Types.BIT -> Boolean.parseBoolean(text);
                default -> text;
            };
        }
        return values;
    }
}
