package com.nacosx.tests.client2x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TestServers;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The official nacos-client 2.5.1 ConfigService over gRPC, used as applications use it. */
class ConfigClient2xTest {

    static final String GROUP = "DEFAULT_GROUP";
    static ServerProcess server;
    static ConfigService client;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start();
        client = clientFor("");
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (client != null) {
                client.shutDown();
            }
        } finally {
            TestServers.stop(server);
        }
    }

    static ConfigService clientFor(String namespace) throws Exception {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, server.address());
        properties.put(PropertyKeyConst.NAMESPACE, namespace);
        return NacosFactory.createConfigService(properties);
    }

    static String md5(String content) throws Exception {
        byte[] digest = MessageDigest.getInstance("MD5").digest(content.getBytes(StandardCharsets.UTF_8));
        return String.format("%032x", new BigInteger(1, digest));
    }

    static AbstractListener into(BlockingQueue<String> received) {
        return new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                received.add(configInfo);
            }
        };
    }

    @Test
    void publishGetOverwriteRemove() throws Exception {
        assertNull(client.getConfig("crud.properties", GROUP, 3000));
        assertTrue(client.publishConfig("crud.properties", GROUP, "a=1"));
        assertEquals("a=1", client.getConfig("crud.properties", GROUP, 3000));
        assertTrue(client.publishConfig("crud.properties", GROUP, "a=2", "properties"));
        assertEquals("a=2", client.getConfig("crud.properties", GROUP, 3000));
        assertEquals("properties", HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "crud.properties")
                .param("group", GROUP).send().headers().firstValue("Config-Type").orElseThrow());
        assertTrue(client.removeConfig("crud.properties", GROUP));
        assertNull(client.getConfig("crud.properties", GROUP, 3000));
        assertTrue(client.removeConfig("crud.properties", GROUP), "removing what is absent succeeds");
    }

    @Test
    void compareAndSetPublish() throws Exception {
        assertTrue(client.publishConfig("cas.yaml", GROUP, "v: 1"));
        assertFalse(client.publishConfigCas("cas.yaml", GROUP, "v: 2", md5("v: 0")), "stale md5 is refused");
        assertEquals("v: 1", client.getConfig("cas.yaml", GROUP, 3000));
        assertTrue(client.publishConfigCas("cas.yaml", GROUP, "v: 2", md5("v: 1")));
        assertEquals("v: 2", client.getConfig("cas.yaml", GROUP, 3000));
    }

    @Test
    void listenerIsNotifiedWithinOneSecond() throws Exception {
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        client.addListener("listened.txt", GROUP, into(received));
        for (int i = 1; i <= 3; i++) {
            assertTrue(client.publishConfig("listened.txt", GROUP, "v" + i));
            assertEquals("v" + i, received.poll(Patience.millis(1000), TimeUnit.MILLISECONDS),
                    "change " + i + " within 1 s (stretched on a busy machine)");
        }
    }

    @Test
    void hundredListenersOnOneClient() throws Exception {
        CountDownLatch all = new CountDownLatch(100);
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 100; i++) {
            String dataId = "many-" + i;
            client.addListener(dataId, GROUP, new AbstractListener() {
                @Override
                public void receiveConfigInfo(String configInfo) {
                    seen.add(dataId + "=" + configInfo);
                    all.countDown();
                }
            });
        }
        for (int i = 0; i < 100; i++) {
            HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "many-" + i).param("group", GROUP)
                    .param("content", "c" + i).send();
        }
        assertTrue(all.await(Patience.millis(10_000), TimeUnit.MILLISECONDS),
                "all 100 listeners notified, saw " + seen.size());
        assertTrue(seen.contains("many-42=c42"));
    }

    @Test
    void namespacesIsolateConfigs() throws Exception {
        assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/console/namespaces").param("customNamespaceId", "dev2x")
                .param("namespaceName", "dev2x").send().statusCode());
        ConfigService dev = clientFor("dev2x");
        try {
            assertTrue(dev.publishConfig("ns.properties", GROUP, "in dev"));
            assertEquals("in dev", dev.getConfig("ns.properties", GROUP, 3000));
            assertNull(client.getConfig("ns.properties", GROUP, 3000));
            assertEquals("in dev", HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "ns.properties")
                    .param("group", GROUP).param("tenant", "dev2x").send().body());
        } finally {
            dev.shutDown();
        }
    }

    @Test
    void getConfigAndSignListener() throws Exception {
        assertTrue(client.publishConfig("signed.json", GROUP, "{\"a\":1}"));
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        assertEquals("{\"a\":1}", client.getConfigAndSignListener("signed.json", GROUP, 3000, into(received)));
        assertTrue(client.publishConfig("signed.json", GROUP, "{\"a\":2}"));
        assertEquals("{\"a\":2}", received.poll(Patience.millis(1000), TimeUnit.MILLISECONDS));
    }

    @Test
    void changeOverHttpReachesGrpcListener() throws Exception {
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        client.addListener("mixed-http.txt", GROUP, into(received));
        HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "mixed-http.txt").param("group", GROUP)
                .param("content", "from http").send();
        assertEquals("from http", received.poll(Patience.millis(1000), TimeUnit.MILLISECONDS));
    }

    @Test
    void changeOverGrpcReleasesLongPoll() throws Exception {
        assertTrue(client.publishConfig("mixed-grpc.txt", GROUP, "before"));
        String probe = "mixed-grpc.txt\u0002" + GROUP + "\u0002" + md5("before") + "\u0001";
        Thread publisher = new Thread(() -> {
            try {
                Thread.sleep(300);
                client.publishConfig("mixed-grpc.txt", GROUP, "after");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        publisher.start();
        long started = System.nanoTime();
        String body = HttpCall.post(server.baseUrl() + "/v1/cs/configs/listener").header("Long-Pulling-Timeout", "30000")
                .param("Listening-Configs", probe).send().body();
        publisher.join();
        assertTrue(body.contains("mixed-grpc.txt"), body);
        assertTrue(System.nanoTime() - started < TimeUnit.MILLISECONDS.toNanos(Patience.millis(5000)),
                "released by the change, not the timeout");
    }

    @Test
    void shuttingTheClientDownFreesItsConnection() throws Exception {
        int before = connectionCount();
        ConfigService own = clientFor("");
        own.getConfig("any", GROUP, 3000);
        assertEquals(before + 1, connectionCount());
        own.shutDown();
        long deadline = System.currentTimeMillis() + Patience.millis(5000);
        while (connectionCount() != before && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(before, connectionCount());
    }

    static int connectionCount() {
        String body = HttpCall.get(server.baseUrl() + "/v2/core/loader/current").send().body();
        return body.equals("{}") ? 0 : body.split("\"metaInfo\"").length - 1;
    }

    @Test
    void clientMetricsAreAskedOverTheConnection() throws Exception {
        assertTrue(client.publishConfig("metrics.txt", GROUP, "m"));
        client.addListener("metrics.txt", GROUP, into(new LinkedBlockingQueue<>()));
        String metrics = HttpCall.get(server.baseUrl() + "/v1/cs/metrics/current").param("ip", clientIp())
                .param("dataId", "metrics.txt").param("group", GROUP).send().body();
        assertTrue(metrics.contains("metrics.txt+DEFAULT_GROUP"), metrics);
    }

    /**
     * The IP the client reports in its metadata, as the server recorded it: of the connection on
     * the SDK port (in a cluster, the peers' connections on the cluster port are listed too).
     */
    static String clientIp() {
        JsonNode connections = JsonMapper.builder().build().readTree(
                HttpCall.get(server.baseUrl() + "/v2/core/loader/current").send().body());
        for (JsonNode connection : connections) {
            JsonNode meta = connection.get("metaInfo");
            if (meta.get("localPort").asInt() == server.grpcPort()) {
                return meta.get("clientIp").asString();
            }
        }
        throw new AssertionError("no connection on the SDK port: " + connections);
    }

    /** Whether {@code expected} arrives within the time; earlier notifications (of the content at listen time) are skipped. */
    static boolean receives(BlockingQueue<String> received, String expected, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Patience.millis(seconds * 1000L));
        while (System.nanoTime() < deadline) {
            if (expected.equals(received.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void clientReconnectsAndListensAgainAfterServerRestart() throws Exception {
        ConfigService own = clientFor("");
        try {
            assertTrue(own.publishConfig("restart.txt", GROUP, "before restart"));
            BlockingQueue<String> received = new LinkedBlockingQueue<>();
            own.addListener("restart.txt", GROUP, into(received));
            server.restart();
            long deadline = System.currentTimeMillis() + Patience.millis(20_000);
            String read = null;
            while (System.currentTimeMillis() < deadline) {
                try {
                    read = own.getConfig("restart.txt", GROUP, 1000);
                    if (read != null) {
                        break;
                    }
                } catch (Exception reconnecting) {
                    Thread.sleep(200);
                }
            }
            assertEquals("before restart", read);
            Thread.sleep(1000);
            HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "restart.txt").param("group", GROUP)
                    .param("content", "after restart").send();
            assertTrue(receives(received, "after restart", 10), "listener survives the restart");
        } finally {
            own.shutDown();
        }
    }
}
