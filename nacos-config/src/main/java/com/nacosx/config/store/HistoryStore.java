package com.nacosx.config.store;

import com.nacosx.api.common.Page;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.HistoryEntry;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** The change history: table his_config_info, one row per publish or delete. */
@Repository
public class HistoryStore {

    public static final String INSERT = "I";
    public static final String UPDATE = "U";
    public static final String DELETE = "D";
    public static final String FORMAL = "formal";
    public static final String GRAY = "gray";

    private static final String COLUMNS = "id, nid, data_id, group_id, tenant_id, app_name, content, md5, src_ip, "
            + "src_user, op_type, publish_type, gray_name, encrypted_data_key, gmt_create, gmt_modified";

    private final JdbcTemplate jdbc;
    private final SqlDialect dialect;

    public HistoryStore(JdbcTemplate jdbc, DataSourceSettings settings) {
        this.jdbc = jdbc;
        this.dialect = settings.dialect();
    }

    /** Records one change; {@code id} is the id of the config row, {@code content} what the row held. */
    public void record(long id, ConfigKey key, String content, String md5, String appName, String srcIp, String srcUser,
            String opType, String grayName, String encryptedDataKey, long now) {
        Timestamp time = new Timestamp(now);
        jdbc.update("INSERT INTO his_config_info (id, data_id, group_id, tenant_id, app_name, content, md5, src_ip, "
                        + "src_user, gmt_create, gmt_modified, op_type, publish_type, gray_name, encrypted_data_key) "
                        + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", id, key.dataId(), key.group(), key.tenant(),
                appName, ContentParam.of(content), md5, srcIp, srcUser, time, time, opType,
                grayName == null ? FORMAL : GRAY,
                grayName, encryptedDataKey == null ? "" : encryptedDataKey);
    }

    /**
     * Records the stored formal row of {@code key}, as it is before a change. With
     * {@code expectedMd5}, only while its md5 still equals it. For MySQL, which copies the row
     * inside the database: the old content never travels to the server and back. Derby, in
     * process, copies a CLOB from row to row a byte at a time (two thirds of Derby's time in a
     * cluster's publish storm, bench/RESULTS.md), so there {@link FormalRowReplacement} records the
     * row it already holds with {@link #record}.
     *
     * @return whether a row was there (and matched) and was recorded
     */
    boolean recordStored(ConfigKey key, String expectedMd5, String srcIp, String srcUser, String opType, long now) {
        ConfigInfoStore.FormalMatch match = ConfigInfoStore.FormalMatch.of(key, expectedMd5);
        String sql = "INSERT INTO his_config_info (id, data_id, group_id, tenant_id, app_name, content, md5, src_ip, "
                + "src_user, gmt_create, gmt_modified, op_type, publish_type, encrypted_data_key) SELECT id, data_id, "
                + "group_id, tenant_id, app_name, content, md5, ?, ?, ?, ?, ?, '" + FORMAL + "', encrypted_data_key "
                + "FROM config_info " + match.where();
        Timestamp time = new Timestamp(now);
        List<Object> args = new ArrayList<>(Arrays.asList(srcIp, srcUser, time, time, opType));
        args.addAll(match.args());
        return jdbc.update(sql, args.toArray()) > 0;
    }

    /** The changes of one config, newest first. */
    public Page<HistoryEntry> list(ConfigKey key, int pageNo, int pageSize) {
        Object[] keyArgs = {key.dataId(), key.group(), key.tenant()};
        String where = " FROM his_config_info WHERE " + ConfigInfoStore.KEY_MATCH;
        Integer total = jdbc.queryForObject("SELECT COUNT(*)" + where, Integer.class, keyArgs);
        var items = jdbc.query(dialect.page("SELECT " + COLUMNS + where + " ORDER BY nid DESC"),
                HistoryStore::toEntry, key.dataId(), key.group(), key.tenant(), (long) (pageNo - 1) * pageSize,
                pageSize);
        return Page.of(total == null ? 0 : total, pageNo, pageSize, items);
    }

    public Optional<HistoryEntry> find(long nid) {
        return jdbc.query("SELECT " + COLUMNS + " FROM his_config_info WHERE nid = ?", HistoryStore::toEntry, nid)
                .stream().findFirst();
    }

    /** The newest change recorded for the config row {@code id}: the content before its latest publish. */
    public Optional<HistoryEntry> latestOf(long id) {
        return jdbc.query("SELECT " + COLUMNS + " FROM his_config_info WHERE nid = "
                + "(SELECT MAX(nid) FROM his_config_info WHERE id = ?)", HistoryStore::toEntry, id).stream().findFirst();
    }

    /** The entry recorded after {@code entry} for the same config and variant (formal, or the same gray). */
    public Optional<HistoryEntry> next(HistoryEntry entry) {
        boolean formal = entry.grayName() == null || entry.grayName().isEmpty();
        String sql = "SELECT " + COLUMNS + " FROM his_config_info WHERE " + ConfigInfoStore.KEY_MATCH
                + " AND nid > ? AND " + (formal ? "(gray_name IS NULL OR gray_name = '')" : "gray_name = ?")
                + " ORDER BY nid";
        Object[] args = formal
                ? new Object[] {entry.dataId(), entry.group(), entry.tenant(), Long.parseLong(entry.nid()), 0L, 1}
                : new Object[] {entry.dataId(), entry.group(), entry.tenant(), Long.parseLong(entry.nid()),
                        entry.grayName(), 0L, 1};
        return jdbc.query(dialect.page(sql), HistoryStore::toEntry, args).stream().findFirst();
    }

    /**
     * Deletes up to {@code limit} of the oldest rows last changed before {@code before}, so that a
     * long backlog goes in steps between other writes.
     *
     * @return the rows deleted
     */
    public int deleteOlderThan(long before, int limit) {
        Timestamp time = new Timestamp(before);
        List<Long> oldest = jdbc.queryForList(dialect.page("SELECT nid FROM his_config_info WHERE gmt_modified < ?"
                + " ORDER BY nid"), Long.class, time, 0L, limit);
        if (oldest.isEmpty()) {
            return 0;
        }
        return jdbc.update("DELETE FROM his_config_info WHERE nid <= ? AND gmt_modified < ?",
                oldest.get(oldest.size() - 1), time);
    }

    private static HistoryEntry toEntry(ResultSet rs, int row) throws SQLException {
        return new HistoryEntry(rs.getString("id"), rs.getString("nid"), -1, rs.getString("data_id"),
                rs.getString("group_id"), rs.getString("tenant_id"), rs.getString("app_name"), rs.getString("content"), rs.getString("md5"), rs.getString("src_ip"),
                rs.getString("src_user"), rs.getString("op_type").trim(), rs.getString("publish_type"),
                rs.getString("gray_name"), rs.getString("encrypted_data_key"),
                ConfigInfoStore.millis(rs.getTimestamp("gmt_create")),
                ConfigInfoStore.millis(rs.getTimestamp("gmt_modified")));
    }
}
