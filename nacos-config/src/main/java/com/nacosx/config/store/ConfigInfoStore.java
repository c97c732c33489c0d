package com.nacosx.config.store;

import com.nacosx.api.common.Page;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.config.model.StoredConfig;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/** The formal configs: table config_info, with their config tags in config_tags_relation. */
@Repository
public class ConfigInfoStore {

    private static final String COLUMNS = "id, data_id, group_id, tenant_id, content, md5, type, app_name, "
            + "encrypted_data_key, gmt_create, gmt_modified, src_user, src_ip, c_desc, c_use, effect, c_schema";
    static final String KEY_MATCH = "data_id = ? AND group_id = ? AND tenant_id = ?";
    /** A compare-and-set matches the expected md5, or a row without one (as the official server). */
    static final String MD5_MATCH = "(md5 = ? OR md5 IS NULL OR md5 = '')";

    private final JdbcTemplate jdbc;
    private final SqlDialect dialect;
    private final WrittenRows written;
    /**
     * The configs that may have rows in config_tags_relation. Most configs have no tags, and
     * skipping the delete of their tag rows made publishes ~20% faster on Derby. Loaded at start,
     * only ever grown while running (a key added by a write that is then rolled back costs one
     * needless delete later, nothing worse). A node sharing MySQL with others must add the keys
     * they tag when it hears of their changes.
     */
    private final Set<ConfigKey> mayHaveTags = ConcurrentHashMap.newKeySet();

    public ConfigInfoStore(JdbcTemplate jdbc, DataSourceSettings settings, WrittenRows written) {
        this.jdbc = jdbc;
        this.dialect = settings.dialect();
        this.written = written;
        jdbc.query("SELECT DISTINCT data_id, group_id, tenant_id FROM config_tags_relation", rs -> {
            mayHaveTags.add(new ConfigKey(rs.getString(1), rs.getString(2), rs.getString(3)));
        });
    }

    public Optional<StoredConfig> find(ConfigKey key) {
        List<StoredConfig> rows = jdbc.query("SELECT " + COLUMNS + " FROM config_info WHERE " + KEY_MATCH,
                ConfigInfoStore::toStoredConfig, key.dataId(), key.group(), key.tenant());
        return rows.stream().findFirst();
    }

    public List<StoredConfig> findByIds(List<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        String marks = String.join(",", java.util.Collections.nCopies(ids.size(), "?"));
        return jdbc.query("SELECT " + COLUMNS + " FROM config_info WHERE id IN (" + marks + ")",
                ConfigInfoStore::toStoredConfig, ids.toArray());
    }

    /**
     * The configs of a tenant to export: all, or those whose dataId matches (a pattern with
     * {@code *}, else exactly), of one group and of one app, each when given.
     */
    public List<StoredConfig> findForExport(String tenant, String dataId, String group, String appName) {
        StringBuilder where = new StringBuilder(" WHERE tenant_id = ?");
        List<Object> args = new ArrayList<>();
        args.add(tenant);
        addMatch(where, args, "data_id", dataId, dataId != null && dataId.contains("*"));
        addMatch(where, args, "group_id", group, false);
        addMatch(where, args, "app_name", appName, false);
        return jdbc.query("SELECT " + COLUMNS + " FROM config_info" + where + " ORDER BY id",
                ConfigInfoStore::toStoredConfig, args.toArray());
    }

    /** The rows of config_info (formal configs in every namespace). */
    public long count() {
        Long rows = jdbc.queryForObject("SELECT COUNT(*) FROM config_info", Long.class);
        return rows == null ? 0 : rows;
    }

    /** Streams every row to the consumer, for loading the cache. */
    public void forEach(Consumer<StoredConfig> consumer) {
        jdbc.query("SELECT " + COLUMNS + " FROM config_info", rs -> {
            consumer.accept(toStoredConfig(rs, 0));
        });
    }

    public long insert(ConfigKey key, ConfigWrite write, long now) {
        KeyHolder keys = new GeneratedKeyHolder();
        Timestamp time = new Timestamp(now);
        jdbc.update(connection -> {
            PreparedStatement ps = connection.prepareStatement("INSERT INTO config_info (data_id, group_id, tenant_id, "
                    + "content, md5, type, app_name, encrypted_data_key, gmt_create, gmt_modified, src_user, src_ip, "
                    + "c_desc, c_use, effect, c_schema) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    Statement.RETURN_GENERATED_KEYS);
            int i = bindContent(ps, bindKey(ps, 1, key), write);
            ps.setTimestamp(i++, time);
            ps.setTimestamp(i++, time);
            bindDetails(ps, i, write);
            return ps;
        }, keys);
        long id = keys.getKeyList().isEmpty() ? find(key).orElseThrow().id()
                : ((Number) keys.getKeyList().get(0).values().iterator().next()).longValue();
        written.remember(key, rowOf(id, write));
        return id;
    }

    public boolean exists(ConfigKey key) {
        Integer count = jdbc.queryForObject("SELECT COUNT(*) FROM config_info WHERE " + KEY_MATCH, Integer.class,
                key.dataId(), key.group(), key.tenant());
        return count != null && count > 0;
    }

    /**
     * Updates a row; with {@code expectedMd5} only while the stored md5 still equals it (or the row
     * has none, as on the official server).
     *
     * @return whether the row was updated
     */
    boolean update(ConfigKey key, ConfigWrite write, long now, String expectedMd5) {
        FormalMatch match = FormalMatch.of(key, expectedMd5);
        return update(match.where(), write, now, (ps, i) -> {
            for (Object arg : match.args()) {
                ps.setObject(i++, arg);
            }
        });
    }

    /**
     * Updates the row {@code id} only while its md5 is still {@code storedMd5}: the row this node
     * remembers it wrote ({@link WrittenRows}) is then the row replaced.
     *
     * @return whether the row was updated
     */
    boolean update(long id, String storedMd5, ConfigWrite write, long now) {
        return update("WHERE id = ? AND md5 = ?", write, now, (ps, i) -> {
            ps.setLong(i++, id);
            ps.setString(i, storedMd5);
        });
    }

    private boolean update(String match, ConfigWrite write, long now, MatchBinder bindMatch) {
        String sql = "UPDATE config_info SET content = ?, md5 = ?, type = ?, app_name = ?, encrypted_data_key = ?, "
                + "gmt_modified = ?, src_user = ?, src_ip = ?, c_desc = ?, c_use = ?, effect = ?, c_schema = ? " + match;
        int rows = jdbc.update(sql, ps -> {
            int i = bindContent(ps, 1, write);
            ps.setTimestamp(i++, new Timestamp(now));
            bindMatch.bind(ps, bindDetails(ps, i, write));
        });
        return rows > 0;
    }

    /** Binds a statement's WHERE parameters from index {@code first} on. */
    @FunctionalInterface
    private interface MatchBinder {
        void bind(PreparedStatement ps, int first) throws SQLException;
    }

    /**
     * The stored formal row of {@code key} as a history row takes it; with {@code expectedMd5},
     * only while its md5 matches as {@link #update(ConfigKey, ConfigWrite, long, String)} requires.
     */
    Optional<WrittenRows.FormalRow> formalRow(ConfigKey key, String expectedMd5) {
        FormalMatch match = FormalMatch.of(key, expectedMd5);
        return jdbc.query("SELECT id, app_name, content, md5, encrypted_data_key FROM config_info " + match.where(),
                (rs, row) -> new WrittenRows.FormalRow(rs.getLong("id"), rs.getString("app_name"),
                        rs.getString("content"), rs.getString("md5"), rs.getString("encrypted_data_key")),
                match.args().toArray()).stream().findFirst();
    }

    /**
     * The WHERE clause that chooses the formal row of a key, with a compare-and-set's
     * {@code expectedMd5} when there is one (see {@link #MD5_MATCH}), and its arguments in order.
     */
    record FormalMatch(String where, List<Object> args) {

        static FormalMatch of(ConfigKey key, String expectedMd5) {
            List<Object> args = new ArrayList<>(List.of(key.dataId(), key.group(), key.tenant()));
            if (expectedMd5 == null) {
                return new FormalMatch("WHERE " + KEY_MATCH, args);
            }
            args.add(expectedMd5);
            return new FormalMatch("WHERE " + KEY_MATCH + " AND " + MD5_MATCH, args);
        }
    }

    /** The row a write leaves, as {@link #formalRow} would read it back. */
    static WrittenRows.FormalRow rowOf(long id, ConfigWrite write) {
        return new WrittenRows.FormalRow(id, write.appName(), write.content(), write.md5(),
                nullToEmpty(write.encryptedDataKey()));
    }

    public void delete(ConfigKey key, long id) {
        jdbc.update("DELETE FROM config_info WHERE id = ?", id);
        jdbc.update("DELETE FROM config_tags_relation WHERE id = ?", id);
        written.forget(key);
    }

    /** Replaces the config tags of the row of {@code key}. */
    public void replaceTags(ConfigKey key, String tags) {
        boolean noTags = tags == null || tags.isBlank();
        if (noTags && !mayHaveTags.contains(key)) {
            return;
        }
        jdbc.update("DELETE FROM config_tags_relation WHERE id = (SELECT id FROM config_info WHERE " + KEY_MATCH + ")",
                key.dataId(), key.group(), key.tenant());
        if (!noTags) {
            insertTags(find(key).orElseThrow().id(), key, tags);
        }
    }

    public void insertTags(long id, ConfigKey key, String tags) {
        if (tags == null || tags.isBlank()) {
            return;
        }
        mayHaveTags.add(key);
        for (String tag : Arrays.stream(tags.split(",")).map(String::trim).filter(t -> !t.isEmpty()).distinct().toList()) {
            jdbc.update("INSERT INTO config_tags_relation (id, tag_name, tag_type, data_id, group_id, tenant_id) "
                    + "VALUES (?,?,?,?,?,?)", id, tag, "", key.dataId(), key.group(), key.tenant());
        }
    }

    public List<String> tagsOf(long id) {
        return jdbc.queryForList("SELECT tag_name FROM config_tags_relation WHERE id = ? ORDER BY nid", String.class, id);
    }

    /**
     * One page of configs of a tenant. With {@code blur} dataId and group match as patterns
     * ({@code *} is any text, and a pattern without {@code *} matches anywhere); without it they
     * match exactly, and an empty one matches all. The content, when asked for, always matches as a
     * pattern.
     */
    public Page<StoredConfig> search(SearchCriteria criteria, int pageNo, int pageSize) {
        StringBuilder where = new StringBuilder(" WHERE tenant_id = ?");
        List<Object> args = new ArrayList<>();
        args.add(criteria.tenant());
        addMatch(where, args, "data_id", criteria.dataId(), criteria.blur());
        addMatch(where, args, "group_id", criteria.group(), criteria.blur());
        addMatch(where, args, "content", criteria.content(), true);
        if (criteria.appName() != null && !criteria.appName().isBlank()) {
            where.append(" AND app_name = ?");
            args.add(criteria.appName());
        }
        if (criteria.configTags() != null && !criteria.configTags().isBlank()) {
            List<String> tags = Arrays.stream(criteria.configTags().split(",")).map(String::trim).toList();
            where.append(" AND id IN (SELECT id FROM config_tags_relation WHERE tag_name IN (")
                    .append(String.join(",", Collections.nCopies(tags.size(), "?"))).append("))");
            args.addAll(tags);
        }
        Integer total = jdbc.queryForObject("SELECT COUNT(*) FROM config_info" + where, Integer.class, args.toArray());
        List<Object> pageArgs = new ArrayList<>(args);
        pageArgs.add((long) (pageNo - 1) * pageSize);
        pageArgs.add(pageSize);
        // The page is chosen by id alone, then only its rows are read whole: a database that sorts
        // the matching rows would otherwise carry every matching content through the sort.
        List<Long> ids = jdbc.queryForList(dialect.page("SELECT id FROM config_info" + where + " ORDER BY id"),
                Long.class, pageArgs.toArray());
        List<StoredConfig> items = ids.isEmpty() ? List.of() : jdbc.query("SELECT " + COLUMNS
                + " FROM config_info WHERE id IN (" + String.join(",", Collections.nCopies(ids.size(), "?"))
                + ") ORDER BY id", ConfigInfoStore::toStoredConfig, ids.toArray());
        return Page.of(total == null ? 0 : total, pageNo, pageSize, items);
    }

    /**
     * A config named in a namespace listing, in the JSON shape of the official's
     * {@code ConfigInfoWrapper} as its history API fills it: content, md5 and key empty, id and
     * lastModified 0.
     */
    public record ConfigName(long id, String dataId, String group, String content, String md5,
                             String encryptedDataKey, String tenant, String appName, String type, long lastModified) {
    }

    /** The configs of a tenant by name, with their app and type. */
    public List<ConfigName> namesOf(String tenant) {
        return jdbc.query("SELECT data_id, group_id, tenant_id, app_name, type FROM config_info WHERE tenant_id = ?"
                + " ORDER BY id", (rs, row) -> new ConfigName(0, rs.getString("data_id"), rs.getString("group_id"),
                null, null, null, rs.getString("tenant_id"), rs.getString("app_name"), rs.getString("type"), 0), tenant);
    }

    /** What a config search asks for; {@code content} always matches as a pattern (a CLOB compares only with LIKE). */
    public record SearchCriteria(String tenant, String dataId, String group, String appName, String configTags,
                                 String content, boolean blur) {
    }

    private static void addMatch(StringBuilder where, List<Object> args, String column, String value, boolean blur) {
        if (value == null || value.isBlank()) {
            return;
        }
        if (blur) {
            where.append(" AND ").append(column).append(" LIKE ?");
            args.add(value.contains("*") ? value.replace('*', '%') : "%" + value + "%");
        } else {
            where.append(" AND ").append(column).append(" = ?");
            args.add(value);
        }
    }

    private static int bindKey(PreparedStatement ps, int i, ConfigKey key) throws SQLException {
        ps.setString(i++, key.dataId());
        ps.setString(i++, key.group());
        ps.setString(i++, key.tenant());
        return i;
    }

    /** content, md5, type, app_name, encrypted_data_key, in that order. */
    private static int bindContent(PreparedStatement ps, int i, ConfigWrite write) throws SQLException {
        ContentParam.bind(ps, i++, write.content());
        ps.setString(i++, write.md5());
        ps.setString(i++, write.type());
        ps.setString(i++, write.appName());
        ps.setString(i++, nullToEmpty(write.encryptedDataKey()));
        return i;
    }

    private static int bindDetails(PreparedStatement ps, int i, ConfigWrite write) throws SQLException {
        ps.setString(i++, write.srcUser());
        ps.setString(i++, write.srcIp());
        ps.setString(i++, write.desc());
        ps.setString(i++, write.use());
        ps.setString(i++, write.effect());
        ps.setString(i++, write.schema());
        return i;
    }

    /** The schema's encrypted_data_key column is NOT NULL DEFAULT ''. */
    static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }

    static long millis(Timestamp time) {
        return time == null ? 0L : time.getTime();
    }

    private static StoredConfig toStoredConfig(ResultSet rs, int row) throws SQLException {
        return new StoredConfig(rs.getLong("id"),
                new ConfigKey(rs.getString("data_id"), rs.getString("group_id"), rs.getString("tenant_id")),
                rs.getString("content"), rs.getString("md5"), rs.getString("type"), rs.getString("app_name"),
                rs.getString("encrypted_data_key"), millis(rs.getTimestamp("gmt_create")),
                millis(rs.getTimestamp("gmt_modified")), rs.getString("src_user"), rs.getString("src_ip"),
                rs.getString("c_desc"), rs.getString("c_use"), rs.getString("effect"), rs.getString("c_schema"));
    }
}
