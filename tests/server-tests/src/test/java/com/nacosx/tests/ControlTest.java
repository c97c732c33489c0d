package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigQueryRequest;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TempDirs;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The control plugin ({@code nacos.plugin.control.manager.type=nacos}) with its official rule
 * files: TPS limits per point and per client refuse the excess with 503 on HTTP and gRPC and lose
 * nothing they let through; the connection rule refuses a client address over its count; a rule
 * written while the server runs applies without a restart. Limits are per day, so a window never
 * ends mid-test however slow the machine.
 */
class ControlTest {

    static ServerProcess server;
    static Path home;

    @BeforeAll
    static void start() throws IOException {
        home = TempDirs.create("nacosx-home-");
        writeRule("data/tps/ConfigPublish", "{\"pointName\":\"ConfigPublish\",\"pointRule\":{\"maxCount\":5,"
                + "\"period\":\"DAYS\",\"monitorType\":\"intercept\"}}");
        writeRule("data/tps/ConfigQuery", "{\"pointName\":\"ConfigQuery\",\"monitorKeyRule\":{\"clientIp:*\":"
                + "{\"maxCount\":3,\"period\":\"DAYS\"}}}");
        writeRule("data/connection/limitRule", "{\"countLimitPerClientIpDefault\":2,"
                + "\"countLimitPerClientIp\":{\"127.0.0.6\":3}}");
        server = ServerProcess.start(home, ServerProcess.freePort(), "nacos.plugin.control.manager.type=nacos");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static void writeRule(String relative, String json) throws IOException {
        Path file = home.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, json);
    }

    static HttpResponse<String> publish(String dataId) {
        return HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", "TPS")
                .param("content", "c").send();
    }

    @Test
    void publishesOverThePointLimitAre503AndNotWritten() {
        for (int i = 0; i < 12; i++) {
            HttpResponse<String> answer = publish("tps-" + i);
            if (i < 5) {
                assertEquals(200, answer.statusCode(), answer.body());
            } else {
                assertEquals(503, answer.statusCode());
                assertTrue(answer.body().contains("Tps Flow restricted"), answer.body());
            }
        }
        // Read through the detail route, which counts against no point (plain reads are ConfigQuery's).
        for (int i = 0; i < 12; i++) {
            String detail = HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("show", "all")
                    .param("dataId", "tps-" + i).param("group", "TPS").send().body();
            assertEquals(i < 5, detail.contains("\"tps-" + i + "\""), "tps-" + i + ": " + detail);
        }
    }

    /** A query of a config never published: let through, it is answered "not found" (300). */
    static ConfigQueryRequest query() {
        ConfigQueryRequest query = new ConfigQueryRequest();
        query.dataId = "tps-never-published";
        query.group = "TPS";
        return query;
    }

    @Test
    void queriesOverAClientsLimitAre503ForThatClientOnly() {
        try (NacosGrpcClient first = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), "127.0.0.7", null, null);
             NacosGrpcClient second = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), "127.0.0.8", null, null)) {
            first.setUp(Map.of()).join();
            second.setUp(Map.of()).join();
            for (int i = 0; i < 3; i++) {
                assertEquals(ErrorCodes.CONFIG_NOT_FOUND, first.requestNow(query()).errorCode, "query " + i);
            }
            Response refused = first.requestNow(query());
            assertEquals(503, refused.errorCode);
            assertTrue(refused.message.startsWith("Tps Flow restricted:"), refused.message);
            assertEquals(ErrorCodes.CONFIG_NOT_FOUND, second.requestNow(query()).errorCode,
                    "another client has its own count");
        }
    }

    static boolean refused(NacosGrpcClient client) {
        return client.setUp(Map.of()).handle((ok, error) -> error != null).join();
    }

    @Test
    void theConnectionRuleLimitsEachAddress() {
        try (NacosGrpcClient a = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), "127.0.0.5", null, null);
             NacosGrpcClient b = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), "127.0.0.5", null, null);
             NacosGrpcClient over = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), "127.0.0.5", null, null);
             NacosGrpcClient c = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), "127.0.0.6", null, null);
             NacosGrpcClient d = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), "127.0.0.6", null, null);
             NacosGrpcClient e = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), "127.0.0.6", null, null)) {
            a.setUp(Map.of()).join();
            b.setUp(Map.of()).join();
            assertTrue(refused(over), "a third connection from 127.0.0.5");
            c.setUp(Map.of()).join();
            d.setUp(Map.of()).join();
            e.setUp(Map.of()).join();
        }
    }

    @Test
    void aRuleWrittenWhileRunningAppliesWithoutARestart() throws Exception {
        writeRule("data/tps/NamingInstanceRegister", "{\"pointRule\":{\"maxCount\":0,\"period\":\"DAYS\"}}");
        Await.until(5000, () -> HttpCall.post(server.baseUrl() + "/v1/ns/instance").param("serviceName", "tps-svc")
                .param("ip", "10.0.0.1").param("port", "80").send().statusCode() == 503, "the new rule refuses");
        Files.delete(home.resolve("data/tps/NamingInstanceRegister"));
        Await.until(5000, () -> HttpCall.post(server.baseUrl() + "/v1/ns/instance").param("serviceName", "tps-svc")
                .param("ip", "10.0.0.1").param("port", "80").send().statusCode() == 200, "the rule removed");
    }
}
