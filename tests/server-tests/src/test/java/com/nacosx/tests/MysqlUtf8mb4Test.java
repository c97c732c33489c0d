package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigQueryResponse;
import com.nacosx.testsupport.ConfigRequests;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.MariaDb;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.Utf8mb4Scenario;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Configs holding characters outside the Basic Multilingual Plane, on MariaDB. A database of the
 * official schema (utf8, three bytes a character) refuses them: the write is answered with the
 * columns and what fixes them, nothing is stored, and the start warned. Once
 * {@code conf/mysql-upgrade-from-1.4.sql} has converted the tables in place, the same server
 * stores and serves them without a restart, and a 1.4-style connection reads them too.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MysqlUtf8mb4Test {

    static final String CONTENT = Utf8mb4Scenario.CONTENT;
    static ServerProcess server;

    @BeforeAll
    static void officialDatabase() throws Exception {
        server = Utf8mb4Scenario.serverOnOfficialSchema();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    static HttpResponse<String> publish(String dataId, String content) {
        return HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", "DEFAULT_GROUP")
                .param("content", content).send();
    }

    static HttpResponse<String> read(String dataId) {
        return HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", "DEFAULT_GROUP")
                .send();
    }

    @Test
    @Order(1)
    void theOfficialSchemaRefusesTheCharacterAndTheAnswerSaysWhatFixesIt() throws Exception {
        assertTrue(server.log("config-server.log").contains("cannot hold 4-byte UTF-8"),
                "the start warned of the utf8 columns");

        HttpResponse<String> refused = publish("emoji.yaml", CONTENT);
        assertEquals(500, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("config_info (utf8"), refused.body());
        assertTrue(refused.body().contains("conf/mysql-upgrade-from-1.4.sql"), refused.body());
        assertEquals(404, read("emoji.yaml").statusCode(), "nothing was stored");

        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            Response answer = client.requestNow(ConfigRequests.publish("emoji-grpc.yaml", "DEFAULT_GROUP", CONTENT));
            assertFalse(answer.isSuccess());
            assertTrue(answer.message.contains("config_info (utf8"), answer.message);
        }
        assertEquals(200, publish("plain.yaml", "greeting: hello").statusCode(), "other configs are stored as before");
    }

    @Test
    @Order(2)
    void afterTheConversionTheSameServerStoresAndServesThem() throws Exception {
        MariaDb.runScript("mysql-upgrade-from-1.4.sql");
        MariaDb.runScript("mysql-upgrade-from-1.4.sql");
        assertEquals(List.of(), MariaDb.narrowColumns());
        try (Connection db = MariaDb.connect(); Statement statement = db.createStatement();
                ResultSet table = statement.executeQuery("SELECT table_collation FROM information_schema.tables "
                        + "WHERE table_schema = DATABASE() AND table_name = 'config_info'")) {
            assertTrue(table.next());
            assertEquals("utf8mb4_bin", table.getString(1), "the binary collation is kept");
        }

        assertEquals(200, publish("emoji.yaml", CONTENT).statusCode());
        assertEquals(CONTENT, read("emoji.yaml").body());
        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            assertTrue(client.requestNow(ConfigRequests.publish("emoji-grpc.yaml", "DEFAULT_GROUP", CONTENT)).isSuccess());
            ConfigQueryResponse served = assertInstanceOf(ConfigQueryResponse.class,
                    client.requestNow(ConfigRequests.query("emoji-grpc.yaml", "DEFAULT_GROUP")));
            assertEquals(CONTENT, served.content);
        }
        String history = HttpCall.get(server.baseUrl() + "/v1/cs/history").param("search", "accurate")
                .param("dataId", "emoji.yaml").param("group", "DEFAULT_GROUP").send().body();
        assertTrue(history.contains("emoji.yaml"), history);

        // As a 1.4.8 node reads it: Connector/J with characterEncoding=utf8.
        try (Connection db = MariaDb.connect(); Statement statement = db.createStatement();
                ResultSet row = statement.executeQuery("SELECT content FROM config_info WHERE data_id = 'emoji.yaml'")) {
            assertTrue(row.next());
            assertEquals(CONTENT, row.getString(1));
        }
        assertEquals("greeting: hello", read("plain.yaml").body(), "what was stored before the conversion is kept");
    }
}
