package com.nacosx.config.capacity;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.sql.Timestamp;
import java.util.Optional;

/**
 * Tables group_capacity and tenant_capacity: the quotas and limits set for a group or a namespace.
 * Usage is not kept here: it is counted from the config cache when asked, so it cannot drift.
 */
@Repository
public class CapacityStore {

    /** Which table, and its key column. */
    public enum Scope {
        GROUP("group_capacity", "group_id"), TENANT("tenant_capacity", "tenant_id");

        private final String table;
        private final String keyColumn;

        Scope(String table, String keyColumn) {
            this.table = table;
            this.keyColumn = keyColumn;
        }
    }

    /** A row's limits; 0 means the default. */
    public record Limits(long id, int quota, int maxSize, int maxAggrCount, int maxAggrSize, long created,
                         long modified) {
    }

    private final JdbcTemplate jdbc;

    public CapacityStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<Limits> find(Scope scope, String name) {
        return jdbc.query("SELECT id, quota, max_size, max_aggr_count, max_aggr_size, gmt_create, gmt_modified FROM "
                + scope.table + " WHERE " + scope.keyColumn + " = ?", (rs, row) -> new Limits(rs.getLong("id"),
                rs.getInt("quota"), rs.getInt("max_size"), rs.getInt("max_aggr_count"), rs.getInt("max_aggr_size"),
                rs.getTimestamp("gmt_create").getTime(), rs.getTimestamp("gmt_modified").getTime()), name)
                .stream().findFirst();
    }

    /** Sets the limits given (null: unchanged, or 0 for a new row). */
    public void upsert(Scope scope, String name, Integer quota, Integer maxSize, Integer maxAggrCount,
            Integer maxAggrSize, long now) {
        Timestamp time = new Timestamp(now);
        Optional<Limits> current = find(scope, name);
        if (current.isEmpty()) {
            // The usage column keeps its default: MySQL needs it quoted (a reserved word), Derby does not.
            jdbc.update("INSERT INTO " + scope.table + " (" + scope.keyColumn + ", quota, max_size, max_aggr_count, "
                    + "max_aggr_size, gmt_create, gmt_modified) VALUES (?, ?, ?, ?, ?, ?, ?)", name, orZero(quota), orZero(maxSize), orZero(maxAggrCount),
                    orZero(maxAggrSize), time, time);
            return;
        }
        Limits limits = current.get();
        jdbc.update("UPDATE " + scope.table + " SET quota = ?, max_size = ?, max_aggr_count = ?, max_aggr_size = ?, "
                + "gmt_modified = ? WHERE " + scope.keyColumn + " = ?", quota == null ? limits.quota() : quota,
                maxSize == null ? limits.maxSize() : maxSize, maxAggrCount == null ? limits.maxAggrCount() : maxAggrCount,
                maxAggrSize == null ? limits.maxAggrSize() : maxAggrSize, time, name);
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }
}
