package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Connection limits, the probing of silent connections and shedding, on a server with small settings. */
class GrpcConnectionLimitsTest {

    static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone("nacos.remote.server.connection.limit=3",
                "nacos.remote.server.connection.limit-per-ip=2",
                "nacos.remote.server.connection.idle-timeout=2s", "nacos.remote.server.connection.probe-timeout=1s");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static NacosGrpcClient open() {
        return open("127.0.0.1");
    }

    static NacosGrpcClient open(String sourceIp) {
        return NacosGrpcClient.open("127.0.0.1", server.grpcPort(), sourceIp, null, null);
    }

    /** Each test starts with no connection left over from the one before. */
    @BeforeEach
    void noConnections() throws InterruptedException {
        await(() -> current().equals("{}"), 5000);
    }

    static String current() {
        return HttpCall.get(server.baseUrl() + "/v2/core/loader/current").send().body();
    }

    static void await(BooleanSupplier condition, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + Patience.millis(millis);
        while (!condition.getAsBoolean() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
    }

    static void assertRefused(NacosGrpcClient client) throws InterruptedException {
        assertTrue(client.setUp(Map.of()).handle((ok, error) -> error != null).join(), "refused");
        await(client::streamEnded, 5000);
        assertTrue(client.streamEnded());
        assertFalse(current().contains(client.connectionId()));
    }

    @Test
    void connectionsOverTheLimitsAreReset() throws Exception {
        try (NacosGrpcClient a = open("127.0.0.1"); NacosGrpcClient b = open("127.0.0.1");
             NacosGrpcClient overPerIp = open("127.0.0.1"); NacosGrpcClient c = open("127.0.0.2");
             NacosGrpcClient overTotal = open("127.0.0.3")) {
            a.setUp(Map.of()).join();
            b.setUp(Map.of()).join();
            assertRefused(overPerIp);
            c.setUp(Map.of()).join();
            assertRefused(overTotal);
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
