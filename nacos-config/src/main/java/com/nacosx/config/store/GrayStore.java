package com.nacosx.config.store;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.GrayConfig;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Beta and tag variants. Nacos 2.5 keeps them in config_info_gray with a JSON rule; servers
 * before 2.5 kept them in config_info_beta and config_info_tag, which this store still reads
 * (when those tables exist) so an upgraded database keeps its variants. Where those tables exist
 * it also writes them, as the official 2.5 does in its gray compatible model
 * ({@code nacos.config.gray.compatible.model}, default true), so official 1.x nodes sharing the
 * database serve the variants written here; a variant a 1.x node changed is taken into
 * config_info_gray when it says so ({@link #takeLegacyChange}).
 */
@Repository
public class GrayStore {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String RULE_VERSION = "1.0.0";
    private static final int BETA_PRIORITY = Integer.MAX_VALUE;
    private static final int TAG_PRIORITY = Integer.MAX_VALUE - 1;
    private static final String COLUMNS = "id, data_id, group_id, tenant_id, gray_name, gray_rule, content, md5, "
            + "app_name, encrypted_data_key, gmt_modified, src_ip, src_user";
    private static final String KEY_MATCH = ConfigInfoStore.KEY_MATCH;
    private static final String TAG_MATCH = KEY_MATCH + " AND tag_id = ?";
    private static final String BETA_SELECT = "SELECT id, data_id, group_id, tenant_id, beta_ips, content, md5, "
            + "app_name, encrypted_data_key, gmt_modified, src_ip, src_user FROM config_info_beta";
    private static final String TAG_SELECT = "SELECT id, data_id, group_id, tenant_id, tag_id, content, md5, app_name, "
            + "gmt_modified, src_ip, src_user FROM config_info_tag";

    private final JdbcTemplate jdbc;
    private final boolean compatible;
    private volatile Boolean legacyTables;

    public GrayStore(JdbcTemplate jdbc, Environment env) {
        this.jdbc = jdbc;
        this.compatible = env.getProperty("nacos.config.gray.compatible.model", Boolean.class, true);
    }

    /** Whether variants are written to the 1.x tables too: compatible model on, and the tables there. */
    private boolean writesLegacyTables() {
        if (!compatible) {
            return false;
        }
        Boolean exists = legacyTables;
        if (exists == null) {
            exists = tableExists("config_info_beta") && tableExists("config_info_tag");
            legacyTables = exists;
        }
        return exists;
    }

    public Optional<GrayConfig> find(ConfigKey key, String grayName) {
        return jdbc.query("SELECT " + COLUMNS + " FROM config_info_gray WHERE " + KEY_MATCH + " AND gray_name = ?",
                GrayStore::toGray, key.dataId(), key.group(), key.tenant(), grayName).stream().findFirst();
    }

    /** Every variant of one config in config_info_gray (the table this server writes). */
    public List<GrayConfig> findAll(ConfigKey key) {
        return jdbc.query("SELECT " + COLUMNS + " FROM config_info_gray WHERE " + KEY_MATCH, GrayStore::toGray,
                key.dataId(), key.group(), key.tenant());
    }

    /** Writes a variant; returns the previous one, if any. */
    public Optional<GrayConfig> upsert(GrayConfig gray) {
        Optional<GrayConfig> previous = find(gray.key(), gray.grayName());
        writeGrayRow(gray, previous);
        if (writesLegacyTables()) {
            upsertLegacy(gray, new Timestamp(gray.modifyTime()));
        }
        return previous;
    }

    private void writeGrayRow(GrayConfig gray, Optional<GrayConfig> previous) {
        Timestamp time = new Timestamp(gray.modifyTime());
        String rule = ruleOf(gray);
        if (previous.isPresent()) {
            jdbc.update("UPDATE config_info_gray SET content = ?, md5 = ?, gray_rule = ?, app_name = ?, "
                            + "encrypted_data_key = ?, gmt_modified = ?, src_ip = ?, src_user = ? WHERE id = ?",
                    ContentParam.of(gray.content()), gray.md5(), rule, gray.appName(),
                    ConfigInfoStore.nullToEmpty(gray.encryptedDataKey()), time, gray.srcIp(), gray.srcUser(),
                    previous.get().id());
        } else {
            jdbc.update("INSERT INTO config_info_gray (data_id, group_id, tenant_id, gray_name, gray_rule, content, "
                            + "md5, app_name, encrypted_data_key, gmt_create, gmt_modified, src_ip, src_user) "
                            + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", gray.key().dataId(), gray.key().group(),
                    gray.key().tenant(), gray.grayName(), rule, ContentParam.of(gray.content()), gray.md5(),
                    gray.appName(), ConfigInfoStore.nullToEmpty(gray.encryptedDataKey()), time, time, gray.srcIp(),
                    gray.srcUser());
        }
    }

    private void upsertLegacy(GrayConfig gray, Timestamp time) {
        ConfigKey key = gray.key();
        if (gray.isBeta()) {
            int updated = jdbc.update("UPDATE config_info_beta SET content = ?, md5 = ?, beta_ips = ?, app_name = ?, "
                            + "encrypted_data_key = ?, gmt_modified = ?, src_ip = ?, src_user = ? WHERE " + KEY_MATCH,
                    ContentParam.of(gray.content()), gray.md5(), gray.expr(), gray.appName(),
                    ConfigInfoStore.nullToEmpty(gray.encryptedDataKey()), time, gray.srcIp(), gray.srcUser(),
                    key.dataId(), key.group(), key.tenant());
            if (updated == 0) {
                jdbc.update("INSERT INTO config_info_beta (data_id, group_id, tenant_id, app_name, content, beta_ips, "
                                + "md5, encrypted_data_key, gmt_create, gmt_modified, src_user, src_ip) "
                                + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", key.dataId(), key.group(), key.tenant(),
                        gray.appName(), ContentParam.of(gray.content()), gray.expr(), gray.md5(),
                        ConfigInfoStore.nullToEmpty(gray.encryptedDataKey()), time, time, gray.srcUser(), gray.srcIp());
            }
        } else if (gray.tag() != null) {
            int updated = jdbc.update("UPDATE config_info_tag SET content = ?, md5 = ?, app_name = ?, gmt_modified = ?, "
                            + "src_ip = ?, src_user = ? WHERE " + TAG_MATCH,
                    ContentParam.of(gray.content()), gray.md5(), gray.appName(), time,
                    gray.srcIp(), gray.srcUser(), key.dataId(), key.group(), key.tenant(), gray.tag());
            if (updated == 0) {
                jdbc.update("INSERT INTO config_info_tag (data_id, group_id, tenant_id, tag_id, app_name, content, md5, "
                                + "gmt_create, gmt_modified, src_user, src_ip) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                        key.dataId(), key.group(), key.tenant(), gray.tag(), gray.appName(),
                        ContentParam.of(gray.content()), gray.md5(), time, time, gray.srcUser(), gray.srcIp());
            }
        }
    }

    public void delete(GrayConfig gray) {
        jdbc.update("DELETE FROM config_info_gray WHERE id = ?", gray.id());
        if (writesLegacyTables()) {
            deleteLegacy(gray.key(), gray.grayName());
        }
    }

    private void deleteLegacy(ConfigKey key, String grayName) {
        if (GrayConfig.BETA.equals(grayName)) {
            jdbc.update("DELETE FROM config_info_beta WHERE " + KEY_MATCH, key.dataId(), key.group(), key.tenant());
        } else if (GrayConfig.tagOf(grayName) != null) {
            jdbc.update("DELETE FROM config_info_tag WHERE " + TAG_MATCH,
                    key.dataId(), key.group(), key.tenant(), GrayConfig.tagOf(grayName));
        }
    }

    /**
     * A 1.x node said it changed a variant, in its own table: config_info_gray takes it as it is
     * there now, as the official 2.5 does: the 1.x row when it is newer than the gray one, no
     * variant when the 1.x row is gone. Nothing when the 1.x tables are not written.
     */
    public void takeLegacyChange(ConfigKey key, String grayName) {
        if (!writesLegacyTables()) {
            return;
        }
        Optional<GrayConfig> legacy = findLegacy(key, grayName);
        Optional<GrayConfig> gray = find(key, grayName);
        if (legacy.isEmpty()) {
            gray.ifPresent(stale -> jdbc.update("DELETE FROM config_info_gray WHERE id = ?", stale.id()));
        } else if (gray.isEmpty() || gray.get().modifyTime() < legacy.get().modifyTime()) {
            writeGrayRow(legacy.get(), gray);
        }
    }

    private Optional<GrayConfig> findLegacy(ConfigKey key, String grayName) {
        List<GrayConfig> found = new ArrayList<>();
        if (GrayConfig.BETA.equals(grayName)) {
            jdbc.query(BETA_SELECT + " WHERE " + KEY_MATCH,
                    rs -> { found.add(betaOf(rs)); }, key.dataId(), key.group(), key.tenant());
        } else if (GrayConfig.tagOf(grayName) != null) {
            jdbc.query(TAG_SELECT + " WHERE " + TAG_MATCH,
                    rs -> { found.add(tagOf(rs)); }, key.dataId(), key.group(), key.tenant(), GrayConfig.tagOf(grayName));
        }
        return found.stream().findFirst();
    }

    /**
     * Streams every variant: the 1.x tables first, then config_info_gray, so that where both hold
     * a variant the 2.5 one is seen last and wins.
     */
    public void forEach(Consumer<GrayConfig> consumer) {
        if (tableExists("config_info_beta")) {
            jdbc.query(BETA_SELECT, rs -> {
                consumer.accept(betaOf(rs));
            });
        }
        if (tableExists("config_info_tag")) {
            jdbc.query(TAG_SELECT, rs -> {
                consumer.accept(tagOf(rs));
            });
        }
        jdbc.query("SELECT " + COLUMNS + " FROM config_info_gray", rs -> {
            consumer.accept(toGray(rs, 0));
        });
    }

    private static GrayConfig betaOf(ResultSet rs) throws SQLException {
        return new GrayConfig(rs.getLong("id"), keyOf(rs), GrayConfig.BETA, rs.getString("beta_ips"),
                rs.getString("content"), rs.getString("md5"), rs.getString("app_name"),
                rs.getString("encrypted_data_key"), ConfigInfoStore.millis(rs.getTimestamp("gmt_modified")),
                rs.getString("src_ip"), rs.getString("src_user"));
    }

    private static GrayConfig tagOf(ResultSet rs) throws SQLException {
        String tag = rs.getString("tag_id");
        return new GrayConfig(rs.getLong("id"), keyOf(rs), GrayConfig.tagGrayName(tag), tag, rs.getString("content"),
                rs.getString("md5"), rs.getString("app_name"), null,
                ConfigInfoStore.millis(rs.getTimestamp("gmt_modified")), rs.getString("src_ip"),
                rs.getString("src_user"));
    }

    private boolean tableExists(String table) {
        return Boolean.TRUE.equals(jdbc.execute((ConnectionCallback<Boolean>) connection -> hasTable(connection, table)));
    }

    private static boolean hasTable(Connection connection, String table) throws SQLException {
        for (String name : List.of(table, table.toUpperCase(Locale.ROOT))) {
            try (ResultSet rs = connection.getMetaData().getTables(connection.getCatalog(), null, name, null)) {
                if (rs.next()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String ruleOf(GrayConfig gray) {
        return JSON.createObjectNode()
                .put("type", gray.isBeta() ? "beta" : "tag")
                .put("version", RULE_VERSION)
                .put("expr", gray.expr())
                .put("priority", gray.isBeta() ? BETA_PRIORITY : TAG_PRIORITY)
                .toString();
    }

    private static String exprOf(String rule) {
        JsonNode node = JSON.readTree(rule);
        return node.path("expr").asString();
    }

    private static ConfigKey keyOf(ResultSet rs) throws SQLException {
        return new ConfigKey(rs.getString("data_id"), rs.getString("group_id"), rs.getString("tenant_id"));
    }

    private static GrayConfig toGray(ResultSet rs, int row) throws SQLException {
        return new GrayConfig(rs.getLong("id"), keyOf(rs), rs.getString("gray_name"), exprOf(rs.getString("gray_rule")),
                rs.getString("content"), rs.getString("md5"), rs.getString("app_name"),
                rs.getString("encrypted_data_key"), ConfigInfoStore.millis(rs.getTimestamp("gmt_modified")),
                rs.getString("src_ip"), rs.getString("src_user"));
    }
}
