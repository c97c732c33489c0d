package com.nacosx.tests;

import static com.nacosx.tests.CoreOpenApiTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /v1/cs/listener} (what a client IP listens to) and {@code GET /v1/cs/configs/listener}
 * (who listens to a config) on a standalone server, with a held 1.x long poll and a 2.x gRPC
 * listener; and the per-node paths members ask each other.
 */
class ListenerQueryTest {

    static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static void publish(String dataId, String tenant, String content) {
        assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", "G")
                .param("tenant", tenant).param("content", content).send().statusCode());
    }

    static JsonNode listenersOf(String dataId) {
        return json(HttpCall.get(server.baseUrl() + "/v1/cs/configs/listener").param("dataId", dataId).param("group", "G")
                .send(), 200);
    }

    static JsonNode listenedBy(String ip, String all, String tenant) {
        HttpCall call = HttpCall.get(server.baseUrl() + "/v1/cs/listener").param("ip", ip);
        if (all != null) {
            call.param("all", all);
        }
        if (tenant != null) {
            call.param("tenant", tenant);
        }
        return json(call.send(), 200);
    }

    @Test
    void longPollsAndGrpcListenersAreShown() throws Exception {
        publish("polled.txt", "", "p1");
        publish("pushed.txt", "", "g1");
        publish("private.txt", "team", "t1");
        String polledMd5 = ConfigHttpApiTest.md5("p1");
        String listening = "polled.txt\u0002G\u0002" + polledMd5 + "\u0001"
                + "private.txt\u0002G\u0002" + ConfigHttpApiTest.md5("t1") + "\u0002team\u0001";
        CompletableFuture<HttpResponse<String>> held = CompletableFuture.supplyAsync(() -> HttpCall.post(
                server.baseUrl() + "/v1/cs/configs/listener").param("Listening-Configs", listening)
                .header("Long-Pulling-Timeout", "30000").timeout(Duration.ofSeconds(40)).send());
        try (NacosGrpcClient grpc = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            assertTrue(grpc.requestNow(GrpcProtocolTest.listen(true, "G", "pushed.txt", ConfigHttpApiTest.md5("g1")))
                    .isSuccess());
            Await.until(5000, () -> listenersOf("polled.txt").path("lisentersGroupkeyStatus").has("127.0.0.1"),
                    "the held poll is listed");
            JsonNode polled = listenersOf("polled.txt");
            assertEquals(200, polled.path("collectStatus").asInt());
            assertEquals(polledMd5, polled.path("lisentersGroupkeyStatus").path("127.0.0.1").asString());
            assertEquals(ConfigHttpApiTest.md5("g1"), listenersOf("pushed.txt").path("lisentersGroupkeyStatus")
                    .path("127.0.0.1").asString(), "the gRPC listener is listed");

            JsonNode publicOnly = listenedBy("127.0.0.1", null, null).path("lisentersGroupkeyStatus");
            assertEquals(polledMd5, publicOnly.path("polled.txt+G").asString(), publicOnly.toString());
            assertTrue(publicOnly.has("pushed.txt+G"));
            assertFalse(publicOnly.has("private.txt+G+team"), "other namespaces only with all=true or their tenant");
            assertTrue(listenedBy("127.0.0.1", "true", null).path("lisentersGroupkeyStatus").has("private.txt+G+team"));
            assertTrue(listenedBy("127.0.0.1", null, "team").path("lisentersGroupkeyStatus").has("private.txt+G+team"));
            assertEquals(0, listenedBy("10.255.0.1", "true", null).path("lisentersGroupkeyStatus").size());

            JsonNode node = json(HttpCall.get(server.baseUrl() + "/v1/cs/communication/watcherConfigs")
                    .param("ip", "127.0.0.1").send(), 200);
            assertTrue(node.path("lisentersGroupkeyStatus").has("polled.txt+G"), node.toString());
        } finally {
            publish("polled.txt", "", "p2");
            assertEquals(200, held.get().statusCode());
        }
        Await.until(5000, () -> listenersOf("polled.txt").path("lisentersGroupkeyStatus").isEmpty(),
                "an answered poll is no longer listed");
    }

    @Test
    void badQueriesAreRefused() {
        assertEquals(400, HttpCall.get(server.baseUrl() + "/v1/cs/listener").send().statusCode());
        assertEquals(400, HttpCall.get(server.baseUrl() + "/v1/cs/configs/listener").param("group", "G").send()
                .statusCode());
        assertEquals(400, HttpCall.get(server.baseUrl() + "/v1/cs/configs/listener").param("dataId", "bad id!")
                .send().statusCode());
    }
}
