package com.nacosx.config.store;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.GrayConfig;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Beta and tag variants. Nacos 2.5 keeps them in config_info_gray with a JSON rule; servers
 * before 2.5 kept them in config_info_beta and config_info_tag, which this store still reads
 * (when those tables exist) so an upgraded database keeps its variants.
 */
@Repository
public class GrayStore {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String RULE_VERSION = "1.0.0";
    private static final int BETA_PRIORITY = Integer.MAX_VALUE;
    private static final int TAG_PRIORITY = Integer.MAX_VALUE - 1;
    private static final String COLUMNS = "id, data_id, group_id, tenant_id, gray_name, gray_rule, content, md5, "
            + "app_name, encrypted_data_key, gmt_modified, src_ip, src_user";

    private final JdbcTemplate jdbc;

    public GrayStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<GrayConfig> find(ConfigKey key, String grayName) {
        return jdbc.query("SELECT " + COLUMNS + " FROM config_info_gray WHERE data_id = ? AND group_id = ? "
                        + "AND tenant_id = ? AND gray_name = ?", GrayStore::toGray,
                key.dataId(), key.group(), key.tenant(), grayName).stream().findFirst();
    }

    /** Every variant of one config in config_info_gray (the table this server writes). */
    public List<GrayConfig> findAll(ConfigKey key) {
        return jdbc.query("SELECT " + COLUMNS + " FROM config_info_gray WHERE data_id = ? AND group_id = ? "
                + "AND tenant_id = ?", GrayStore::toGray, key.dataId(), key.group(), key.tenant());
    }

    /** Writes a variant; returns the previous one, if any. */
    public Optional<GrayConfig> upsert(GrayConfig gray) {
        Optional<GrayConfig> previous = find(gray.key(), gray.grayName());
        Timestamp time = new Timestamp(gray.modifyTime());
        String rule = ruleOf(gray);
        if (previous.isPresent()) {
            jdbc.update("UPDATE config_info_gray SET content = ?, md5 = ?, gray_rule = ?, app_name = ?, "
                            + "encrypted_data_key = ?, gmt_modified = ?, src_ip = ?, src_user = ? WHERE id = ?",
                    gray.content(), gray.md5(), rule, gray.appName(),
                    ConfigInfoStore.nullToEmpty(gray.encryptedDataKey()), time, gray.srcIp(), gray.srcUser(),
                    previous.get().id());
        } else {
            jdbc.update("INSERT INTO config_info_gray (data_id, group_id, tenant_id, gray_name, gray_rule, content, "
                            + "md5, app_name, encrypted_data_key, gmt_create, gmt_modified, src_ip, src_user) "
                            + "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", gray.key().dataId(), gray.key().group(),
                    gray.key().tenant(), gray.grayName(), rule, gray.content(), gray.md5(), gray.appName(),
                    ConfigInfoStore.nullToEmpty(gray.encryptedDataKey()), time, time, gray.srcIp(), gray.srcUser());
        }
        return previous;
    }

    public void delete(long id) {
        jdbc.update("DELETE FROM config_info_gray WHERE id = ?", id);
    }

    /**
     * Streams every variant: the 1.x tables first, then config_info_gray, so that where both hold
     * a variant the 2.5 one is seen last and wins.
     */
    public void forEach(Consumer<GrayConfig> consumer) {
        if (tableExists("config_info_beta")) {
            jdbc.query("SELECT id, data_id, group_id, tenant_id, beta_ips, content, md5, app_name, "
                    + "encrypted_data_key, gmt_modified, src_ip, src_user FROM config_info_beta", rs -> {
                consumer.accept(new GrayConfig(rs.getLong("id"), keyOf(rs), GrayConfig.BETA, rs.getString("beta_ips"),
                        rs.getString("content"), rs.getString("md5"), rs.getString("app_name"),
                        rs.getString("encrypted_data_key"), ConfigInfoStore.millis(rs.getTimestamp("gmt_modified")),
                        rs.getString("src_ip"), rs.getString("src_user")));
            });
        }
        if (tableExists("config_info_tag")) {
            jdbc.query("SELECT id, data_id, group_id, tenant_id, tag_id, content, md5, app_name, gmt_modified, "
                    + "src_ip, src_user FROM config_info_tag", rs -> {
                String tag = rs.getString("tag_id");
                consumer.accept(new GrayConfig(rs.getLong("id"), keyOf(rs), GrayConfig.tagGrayName(tag), tag,
                        rs.getString("content"), rs.getString("md5"), rs.getString("app_name"), null,
                        ConfigInfoStore.millis(rs.getTimestamp("gmt_modified")), rs.getString("src_ip"),
                        rs.getString("src_user")));
            });
        }
        jdbc.query("SELECT " + COLUMNS + " FROM config_info_gray", rs -> {
            consumer.accept(toGray(rs, 0));
        });
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
