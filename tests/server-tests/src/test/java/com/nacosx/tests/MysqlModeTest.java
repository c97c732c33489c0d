package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.MariaDb;
import com.nacosx.testsupport.ServerAuth;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * MySQL mode on a real MariaDB: a database laid out and filled as the official servers do is
 * served unchanged, writes land in it, and losing the database gives clear errors until it is back.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MysqlModeTest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    /** The variant tables of the Nacos 1.4 schema, which 2.5 no longer creates but upgraded databases keep. */
    static final String LEGACY_BETA_TABLE = "CREATE TABLE config_info_beta (id bigint(20) NOT NULL AUTO_INCREMENT, "
            + "data_id varchar(255) NOT NULL, group_id varchar(128) NOT NULL, app_name varchar(128) DEFAULT NULL, "
            + "content longtext NOT NULL, beta_ips varchar(1024) DEFAULT NULL, md5 varchar(32) DEFAULT NULL, "
            + "gmt_create datetime NOT NULL DEFAULT CURRENT_TIMESTAMP, gmt_modified datetime NOT NULL DEFAULT "
            + "CURRENT_TIMESTAMP, src_user text, src_ip varchar(50) DEFAULT NULL, tenant_id varchar(128) DEFAULT '', "
            + "encrypted_data_key text NOT NULL, PRIMARY KEY (id), UNIQUE KEY uk_configinfobeta_datagrouptenant "
            + "(data_id,group_id,tenant_id)) ENGINE=InnoDB DEFAULT CHARSET=utf8 COLLATE=utf8_bin";
    static final String LEGACY_TAG_TABLE = "CREATE TABLE config_info_tag (id bigint(20) NOT NULL AUTO_INCREMENT, "
            + "data_id varchar(255) NOT NULL, group_id varchar(128) NOT NULL, tenant_id varchar(128) DEFAULT '', "
            + "tag_id varchar(128) NOT NULL, app_name varchar(128) DEFAULT NULL, content longtext NOT NULL, "
            + "md5 varchar(32) DEFAULT NULL, gmt_create datetime NOT NULL DEFAULT CURRENT_TIMESTAMP, gmt_modified "
            + "datetime NOT NULL DEFAULT CURRENT_TIMESTAMP, src_user text, src_ip varchar(50) DEFAULT NULL, "
            + "PRIMARY KEY (id), UNIQUE KEY uk_configinfotag_datagrouptenanttag (data_id,group_id,tenant_id,tag_id)) "
            + "ENGINE=InnoDB DEFAULT CHARSET=utf8 COLLATE=utf8_bin";

    static ServerProcess server;
    static String configs;

    @BeforeAll
    static void start() throws Exception {
        MariaDb.reset();
        MariaDb.createSchema();
        try (Connection db = connect(); Statement statement = db.createStatement()) {
            statement.execute(LEGACY_BETA_TABLE);
            statement.execute(LEGACY_TAG_TABLE);
            insertAsOfficialServer(db);
        }
        server = ServerProcess.startStandalone(MariaDb.serverProperties());
        configs = server.baseUrl() + "/v1/cs/configs";
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        MariaDb.stop();
    }

    static Connection connect() throws Exception {
        return MariaDb.connect();
    }

    static String md5(String content) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(content.getBytes(StandardCharsets.UTF_8)));
    }

    static void insertAsOfficialServer(Connection db) throws Exception {
        String config = "INSERT INTO config_info (data_id, group_id, tenant_id, content, md5, type, src_ip, app_name, "
                + "encrypted_data_key) VALUES (?,?,?,?,?,?,?,?,?)";
        try (PreparedStatement ps = db.prepareStatement(config)) {
            Object[][] rows = {
                {"legacy.properties", "DEFAULT_GROUP", "", "k=v", md5("k=v"), "properties", "10.0.0.5", "shop", ""},
                {"prod.yaml", "DEFAULT_GROUP", "prod", "env: prod", md5("env: prod"), "yaml", "10.0.0.5", null, ""},
                {"gray.txt", "DEFAULT_GROUP", "", "formal", md5("formal"), "text", "10.0.0.5", null, ""},
            };
            for (Object[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    ps.setObject(i + 1, row[i]);
                }
                ps.executeUpdate();
            }
        }
        try (Statement statement = db.createStatement()) {
            statement.execute("INSERT INTO tenant_info (kp, tenant_id, tenant_name, tenant_desc, create_source, "
                    + "gmt_create, gmt_modified) VALUES ('1', 'prod', 'Production', 'live', 'nacos', 1, 1)");
            statement.execute("INSERT INTO config_info_beta (data_id, group_id, tenant_id, content, beta_ips, md5, "
                    + "encrypted_data_key) VALUES ('gray.txt', 'DEFAULT_GROUP', '', 'beta-1x', '10.1.1.1', '"
                    + md5("beta-1x") + "', '')");
            statement.execute("INSERT INTO config_info_tag (data_id, group_id, tenant_id, tag_id, content, md5) "
                    + "VALUES ('gray.txt', 'DEFAULT_GROUP', '', 'canary', 'tag-1x', '" + md5("tag-1x") + "')");
            statement.execute("INSERT INTO config_info_gray (data_id, group_id, tenant_id, gray_name, gray_rule, "
                    + "content, md5, encrypted_data_key) VALUES ('gray.txt', 'DEFAULT_GROUP', '', 'tag_blue', "
                    + "'{\"type\":\"tag\",\"version\":\"1.0.0\",\"expr\":\"blue\",\"priority\":2147483646}', 'tag-25', '"
                    + md5("tag-25") + "', '')");
            statement.execute("INSERT INTO his_config_info (id, data_id, group_id, tenant_id, content, md5, src_ip, "
                    + "op_type, encrypted_data_key) VALUES (1, 'legacy.properties', 'DEFAULT_GROUP', '', 'k=v', '"
                    + md5("k=v") + "', '10.0.0.5', 'I         ', '')");
        }
    }

    static HttpCall read(String dataId) {
        return HttpCall.get(configs).param("dataId", dataId).param("group", "DEFAULT_GROUP");
    }

    @Test
    @Order(1)
    void configsWrittenByTheOfficialServerAreServed() throws Exception {
        HttpResponse<String> legacy = read("legacy.properties").send();
        assertEquals("k=v", legacy.body());
        assertEquals(md5("k=v"), legacy.headers().firstValue("Content-MD5").orElseThrow());
        assertEquals("properties", legacy.headers().firstValue("Config-Type").orElseThrow());
        assertEquals("env: prod", read("prod.yaml").param("tenant", "prod").send().body());
        assertEquals(404, read("prod.yaml").send().statusCode());
    }

    @Test
    @Order(2)
    void variantsFromBothGenerationsOfTablesAreServed() {
        assertEquals("formal", read("gray.txt").send().body());
        assertEquals("beta-1x", read("gray.txt").header("X-Forwarded-For", "10.1.1.1").send().body());
        assertEquals("tag-1x", read("gray.txt").param("tag", "canary").send().body());
        assertEquals("tag-25", read("gray.txt").param("tag", "blue").send().body());
    }

    @Test
    @Order(3)
    void officialHistoryAndNamespacesAreListed() {
        JsonNode history = JSON.readTree(HttpCall.get(server.baseUrl() + "/v1/cs/history").param("search", "accurate")
                .param("dataId", "legacy.properties").param("group", "DEFAULT_GROUP").send().body());
        assertEquals(1, history.get("totalCount").asInt());
        assertEquals("I", history.get("pageItems").get(0).get("opType").asString());
        JsonNode namespaces = JSON.readTree(HttpCall.get(server.baseUrl() + "/v1/console/namespaces").send().body());
        assertEquals("Production", namespaces.get("data").get(1).get("namespaceShowName").asString());
        assertEquals(1, namespaces.get("data").get(1).get("configCount").asInt());
    }

    @Test
    @Order(4)
    void publishesLandInTheDatabaseAsTheOfficialServerWritesThem() throws Exception {
        HttpCall.post(configs).param("dataId", "new.json").param("group", "DEFAULT_GROUP").param("content", "{}")
                .param("type", "json").send();
        try (Connection db = connect(); Statement statement = db.createStatement();
             ResultSet rs = statement.executeQuery("SELECT content, md5, type, tenant_id FROM config_info "
                     + "WHERE data_id = 'new.json'")) {
            assertTrue(rs.next());
            assertEquals("{}", rs.getString("content"));
            assertEquals(md5("{}"), rs.getString("md5"));
            assertEquals("json", rs.getString("type"));
            assertEquals("", rs.getString("tenant_id"));
        }
        try (Connection db = connect(); Statement statement = db.createStatement();
             ResultSet rs = statement.executeQuery("SELECT op_type FROM his_config_info WHERE data_id = 'new.json'")) {
            assertTrue(rs.next());
            assertEquals("I", rs.getString(1).trim());
        }
    }

    @Test
    @Order(5)
    void overwritesKeepTheOldContentInHistoryAndHonourCompareAndSet() throws Exception {
        for (String content : new String[] {"v1", "v2"}) {
            HttpCall.post(configs).param("dataId", "overwritten").param("group", "DEFAULT_GROUP")
                    .param("content", content).send();
        }
        JsonNode history = JSON.readTree(HttpCall.get(server.baseUrl() + "/v1/cs/history").param("search", "accurate")
                .param("dataId", "overwritten").param("group", "DEFAULT_GROUP").send().body());
        JsonNode newest = history.get("pageItems").get(0);
        assertEquals("U", newest.get("opType").asString());
        assertEquals("v1", newest.get("content").asString());
        HttpResponse<String> stale = HttpCall.post(configs).param("dataId", "overwritten")
                .param("group", "DEFAULT_GROUP").param("content", "v3").header("casMd5", md5("v1")).send();
        assertEquals(500, stale.statusCode());
        HttpResponse<String> fresh = HttpCall.post(configs).param("dataId", "overwritten")
                .param("group", "DEFAULT_GROUP").param("content", "v3").header("casMd5", md5("v2")).send();
        assertEquals(200, fresh.statusCode());
        assertEquals("v3", read("overwritten").send().body());
    }

    @Test
    @Order(6)
    void losingTheDatabaseGivesClearErrorsAndKeepsServingReadsUntilItReturns() throws Exception {
        MariaDb.stop();
        try {
            HttpResponse<String> refused = HttpCall.post(configs).param("dataId", "during-outage")
                    .param("group", "DEFAULT_GROUP").param("content", "x").send();
            assertEquals(500, refused.statusCode());
            assertTrue(refused.body().contains("database is unreachable"), refused.body());
            assertEquals("k=v", read("legacy.properties").send().body());
            assertEquals(404, read("during-outage").send().statusCode());
        } finally {
            MariaDb.start();
        }
        HttpResponse<String> published = null;
        for (int attempt = 0; attempt < 30; attempt++) {
            published = HttpCall.post(configs).param("dataId", "after-outage").param("group", "DEFAULT_GROUP")
                    .param("content", "back").send();
            if (published.statusCode() == 200) {
                break;
            }
            Thread.sleep(1000);
        }
        assertEquals(200, published.statusCode(), published.body());
        assertEquals("back", read("after-outage").send().body());
    }

    @Test
    @Order(6)
    void capacityRowsLandInTheOfficialTables() throws Exception {
        String capacity = server.baseUrl() + "/v1/cs/capacity";
        assertEquals(200, HttpCall.post(capacity).param("group", "DEFAULT_GROUP").param("quota", "500").send()
                .statusCode());
        assertEquals(200, HttpCall.post(capacity).param("group", "DEFAULT_GROUP").param("maxSize", "2048").send()
                .statusCode());
        JsonNode shown = JSON.readTree(HttpCall.get(capacity).param("group", "DEFAULT_GROUP").send().body());
        assertEquals(500, shown.path("data").path("quota").asInt(), shown.toString());
        assertEquals(2048, shown.path("data").path("maxSize").asInt());
        try (Connection db = connect(); Statement statement = db.createStatement();
             ResultSet rs = statement.executeQuery("SELECT quota, max_size, `usage` FROM group_capacity "
                     + "WHERE group_id = 'DEFAULT_GROUP'")) {
            assertTrue(rs.next());
            assertEquals(500, rs.getInt("quota"));
            assertEquals(2048, rs.getInt("max_size"));
        }
    }

    @Test
    @Order(7)
    void aRestartedServerLoadsWhatItWrote() {
        server.restart();
        assertEquals("back", read("after-outage").send().body());
        assertEquals("{}", read("new.json").send().body());
    }

    /**
     * The users of an official database keep working: the admin row the official schema ships (its
     * BCrypt hash of "nacos") logs in on a second server with auth on, and a user created there
     * lands in the official table.
     */
    @Test
    @Order(8)
    void usersOfAnOfficialDatabaseLogIn() throws Exception {
        try (Connection db = connect(); Statement statement = db.createStatement()) {
            statement.execute("INSERT INTO users (username, password, enabled) VALUES ('nacos', "
                    + "'$2a$10$EuWPZHzz32dJN7jexM34MOeYirDdFAZm2kuWj7VEOJhhZkDrxfvUu', TRUE)");
            statement.execute("INSERT INTO roles (username, role) VALUES ('nacos', 'ROLE_ADMIN')");
        }
        List<String> settings = new ArrayList<>(List.of(MariaDb.serverProperties()));
        settings.addAll(List.of(ServerAuth.enabled()));
        try (ServerProcess secured = ServerProcess.startStandalone(settings.toArray(String[]::new))) {
            String admin = ServerAuth.awaitToken(secured, "nacos", "nacos");
            ServerAuth.createUser(secured, admin, "from-api", "pw", "dev:*:*", "r");
            try (Connection db = connect(); Statement statement = db.createStatement();
                 ResultSet rs = statement.executeQuery("SELECT password FROM users WHERE username = 'from-api'")) {
                assertTrue(rs.next());
                assertTrue(rs.getString(1).startsWith("$2a$10$"), rs.getString(1));
            }
            ServerAuth.awaitToken(secured, "from-api", "pw");
            assertEquals(401, HttpCall.get(secured.baseUrl() + "/v1/cs/configs").param("dataId", "after-outage")
                    .param("group", "DEFAULT_GROUP").send().statusCode());
        }
    }
}
