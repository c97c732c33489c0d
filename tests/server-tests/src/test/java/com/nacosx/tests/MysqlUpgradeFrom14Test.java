package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.MariaDb;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TempDirs;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The MySQL database of an official 1.4.x cluster: the server refuses it with the script to run,
 * {@code conf/mysql-upgrade-from-1.4.sql} brings it up to date (twice changes nothing), and then the
 * server serves what 1.4 wrote while 1.4's own inserts, which name only 1.4's columns, still work.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MysqlUpgradeFrom14Test {

    /** 1.4.8's beta table: the one {@link MysqlModeTest} lays out, without encrypted_data_key (added in 2.1). */
    static final String BETA_TABLE_14 = MysqlModeTest.LEGACY_BETA_TABLE.replace("encrypted_data_key text NOT NULL, ", "");

    static ServerProcess server;

    @BeforeAll
    static void a14Database() throws Exception {
        MariaDb.reset();
        MariaDb.createSchema();
        // On a 2.5 database (no config_info_beta) the script has nothing to do, and must not fail.
        MariaDb.runScript("mysql-upgrade-from-1.4.sql");
        try (Connection db = MariaDb.connect(); Statement statement = db.createStatement()) {
            statement.execute("DROP TABLE config_info_gray");
            statement.execute("ALTER TABLE config_info DROP COLUMN encrypted_data_key");
            statement.execute("ALTER TABLE his_config_info DROP COLUMN encrypted_data_key, DROP COLUMN publish_type, "
                    + "DROP COLUMN gray_name, DROP COLUMN ext_info");
            statement.execute(BETA_TABLE_14);
            statement.execute(MysqlModeTest.LEGACY_TAG_TABLE);
            insertAs14(statement, "written-by-1.4.properties", "k=v");
            statement.execute("INSERT INTO config_info_beta (data_id, group_id, tenant_id, content, beta_ips, md5) "
                    + "VALUES ('written-by-1.4.properties', 'DEFAULT_GROUP', '', 'k=beta', '10.1.1.1', '"
                    + ClusterWorkload.md5("k=beta") + "')");
        }
    }

    /** A config row and its history row as 1.4.8 inserts them, naming 1.4's columns only. */
    static void insertAs14(Statement statement, String dataId, String content) throws Exception {
        String md5 = ClusterWorkload.md5(content);
        statement.execute("INSERT INTO config_info (data_id, group_id, tenant_id, app_name, content, md5, src_user, "
                + "src_ip, c_desc, c_use, effect, type, c_schema) VALUES ('" + dataId + "', 'DEFAULT_GROUP', '', '', '"
                + content + "', '" + md5 + "', null, '10.0.0.14', null, null, null, 'properties', null)");
        statement.execute("INSERT INTO his_config_info (id, data_id, group_id, tenant_id, app_name, content, md5, "
                + "src_user, src_ip, op_type) VALUES (0, '" + dataId + "', 'DEFAULT_GROUP', '', '', '" + content
                + "', '" + md5 + "', null, '10.0.0.14', 'I')");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Order(1)
    void aServerRefusesThe14DatabaseAndNamesTheScriptToRun() throws Exception {
        Path home = TempDirs.create("nacosx-mysql-14-");
        IllegalStateException exited = assertThrows(IllegalStateException.class,
                () -> ServerProcess.start(home, ServerProcess.freePort(), MariaDb.serverProperties()));
        assertTrue(exited.getMessage().contains("server exited"), exited.getMessage());
        String log = ServerProcess.logOf(home, "nacos.log");
        assertTrue(log.contains("config_info.encrypted_data_key") && log.contains("conf/mysql-upgrade-from-1.4.sql"),
                log);
    }

    @Test
    @Order(2)
    void afterTheScriptWhat14WroteIsServedAnd14KeepsWriting() throws Exception {
        MariaDb.runScript("mysql-upgrade-from-1.4.sql");
        MariaDb.runScript("mysql-upgrade-from-1.4.sql");
        server = ServerProcess.startStandalone(MariaDb.serverProperties());

        assertEquals("k=v", ClusterWorkload.read(server, "written-by-1.4.properties"));
        assertEquals("k=beta", HttpCall.get(server.baseUrl() + "/v1/cs/configs")
                .param("dataId", "written-by-1.4.properties").param("group", "DEFAULT_GROUP")
                .header("X-Forwarded-For", "10.1.1.1").send().body());
        assertEquals(200, ClusterWorkload.publish(server, "written-by-2.x.properties", "new=1"));

        try (Connection db = MariaDb.connect(); Statement statement = db.createStatement()) {
            insertAs14(statement, "written-by-1.4-later.properties", "later=1");
            try (ResultSet row = statement.executeQuery(
                    "SELECT content FROM config_info WHERE data_id = 'written-by-2.x.properties'")) {
                assertTrue(row.next());
                assertEquals("new=1", row.getString(1), "1.4 nodes read what ours wrote");
            }
        }
    }
}
