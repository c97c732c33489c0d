package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.ServerProcess;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Connection limits, the probing of silent connections and shedding, on a server with small settings. */
class GrpcConnectionLimitsTest {

    static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone("nacos.remote.server.connection.limit=3",
                "nacos.remote.server.connection.idle-timeout=2s", "nacos.remote.server.connection.probe-timeout=1s");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static NacosGrpcClient open() {
        return NacosGrpcClient.open("127.0.0.1", server.grpcPort(), null, null, null);
    }

    static String current() {
        return HttpCall.get(server.baseUrl() + "/v2/core/loader/current").send().body();
    }

    static void await(java.util.function.BooleanSupplier condition, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (!condition.getAsBoolean() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
    }

    @Test
    void connectionsOverTheLimitAreReset() throws Exception {
        try (NacosGrpcClient a = open(); NacosGrpcClient b = open(); NacosGrpcClient c = open();
             NacosGrpcClient over = open()) {
            a.setUp(Map.of()).join();
            b.setUp(Map.of()).join();
            c.setUp(Map.of()).join();
            assertTrue(over.setUp(Map.of()).handle((ok, error) -> error != null).join(), "the fourth is refused");
            await(over::streamEnded, 5000);
            assertTrue(over.streamEnded());
            assertFalse(current().contains(over.connectionId()));
        }
    }

    @Test
    void silentConnectionThatDoesNotAnswerIsDropped() throws Exception {
        try (NacosGrpcClient alive = open(); NacosGrpcClient hung = open()) {
            alive.setUp(Map.of()).join();
            hung.setUp(Map.of()).join();
            hung.stopAnswering();
            await(() -> !current().contains(hung.connectionId()), 12_000);
            assertFalse(current().contains(hung.connectionId()), "the hung client is dropped");
            assertTrue(current().contains(alive.connectionId()), "a silent client that answers the probe stays");
        }
    }

    @Test
    void reloadClientMovesAConnection() throws Exception {
        try (NacosGrpcClient client = open()) {
            client.setUp(Map.of()).join();
            assertTrue(HttpCall.get(server.baseUrl() + "/v2/core/loader/reloadClient")
                    .param("connectionId", client.connectionId()).send().statusCode() == 200);
            await(client::streamEnded, 5000);
            assertTrue(client.streamEnded());
            assertFalse(current().contains(client.connectionId()));
        }
    }

    @Test
    void reloadOfAnUnknownConnectionIs404() {
        assertTrue(HttpCall.get(server.baseUrl() + "/v2/core/loader/reloadClient").param("connectionId", "nope")
                .send().statusCode() == 404);
    }
}
