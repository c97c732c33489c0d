package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerProcess;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The 1.x naming Open API ({@code /v1/ns}) on a standalone server: answers, refusals of bad input,
 * persistent instances and their health checks, protection threshold, empty-service cleanup.
 */
class NamingHttpApiTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static ServerProcess server;
    static String ns;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone("nacos.naming.clean.empty-service.interval=1s",
                "nacos.naming.clean.empty-service.expired-time=2s");
        ns = server.baseUrl() + "/v1/ns";
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpCall register(String service, String ip, int port) {
        return HttpCall.post(ns + "/instance").param("serviceName", service).param("ip", ip)
                .param("port", String.valueOf(port));
    }

    static JsonNode list(String service) {
        HttpResponse<String> response = HttpCall.get(ns + "/instance/list").param("serviceName", service).send();
        assertEquals(200, response.statusCode(), response.body());
        return JSON.readTree(response.body());
    }

    static void assertAnswer(HttpResponse<String> response, int status, String bodyPart) {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.body().contains(bodyPart), response.body());
    }

    @Test
    void listAnswersTheOfficialShape() {
        assertAnswer(register("shape", "127.0.0.1", 80).param("metadata", "{\"k\":\"v\"}").param("weight", "3")
                .send(), 200, "ok");
        JsonNode view = list("shape");
        assertEquals("DEFAULT_GROUP@@shape", view.get("name").asString());
        assertEquals(10000, view.get("cacheMillis").asInt());
        JsonNode host = view.get("hosts").get(0);
        assertEquals("127.0.0.1#80#DEFAULT#DEFAULT_GROUP@@shape", host.get("instanceId").asString());
        assertEquals(3.0, host.get("weight").asDouble());
        assertEquals("v", host.get("metadata").get("k").asString());
        assertEquals(5000, host.get("instanceHeartBeatInterval").asInt());
        assertEquals(15000, host.get("instanceHeartBeatTimeOut").asInt());
        assertEquals(30000, host.get("ipDeleteTimeout").asInt());
        assertTrue(view.get("lastRefTime").asLong() > 0);
        assertFalse(view.get("checksum").asString().isEmpty());

        JsonNode detail = JSON.readTree(HttpCall.get(ns + "/instance").param("serviceName", "shape")
                .param("ip", "127.0.0.1").param("port", "80").send().body());
        assertEquals("DEFAULT_GROUP@@shape", detail.get("service").asString());
        assertAnswer(HttpCall.get(ns + "/instance").param("serviceName", "shape").param("ip", "127.0.0.9")
                .param("port", "80").send(), 404, "no matched ip found");
    }

    @Test
    void badInputIsRefusedNamingTheParameter() {
        assertAnswer(HttpCall.post(ns + "/instance").param("ip", "127.0.0.1").param("port", "1").send(), 400,
                "serviceName");
        assertAnswer(HttpCall.post(ns + "/instance").param("serviceName", "bad").param("port", "1").send(), 400,
                "'ip'");
        assertAnswer(register("bad", "127.0.0.1", 1).param("port", "x").send(), 400, "port");
        assertAnswer(HttpCall.post(ns + "/instance").param("serviceName", "bad").param("ip", "127.0.0.1")
                .param("port", "70000").send(), 400, "port");
        assertAnswer(register("bad", "127.0.0.1", 1).param("weight", "heavy").send(), 400, "weight");
        assertAnswer(register("bad", "127.0.0.1", 1).param("weight", "-2").send(), 400, "weight");
        assertAnswer(register("bad", "127.0.0.1", 1).param("metadata", "{not json").send(), 400, "metadata");
        assertAnswer(register("bad", "127.0.0.1", 1).param("clusterName", "a b").send(), 400, "clusterName");
        assertAnswer(register("@@bad", "127.0.0.1", 1).send(), 400, "serviceName");
        assertAnswer(HttpCall.get(ns + "/instance/list").param("serviceName", "bad").param("udpPort", "5000")
                .param("clientIP", "no.such.host.invalid").send(), 400, "clientIP");
        assertEquals(0, list("bad").get("hosts").size(), "nothing registered by a refused request");
    }

    @Test
    void beatAnswersAndUnknownInstanceGets20404() {
        register("beaten", "127.0.0.2", 80).send();
        JsonNode known = JSON.readTree(HttpCall.put(ns + "/instance/beat").param("serviceName", "beaten")
                .param("ip", "127.0.0.2").param("port", "80").send().body());
        assertEquals(10200, known.get("code").asInt());
        int interval = known.get("clientBeatInterval").asInt();
        assertTrue(interval >= 4000 && interval <= 5000, "5 s, shortened by at most a fifth to pace beats: " + interval);
        assertTrue(known.get("lightBeatEnabled").asBoolean());
        JsonNode unknown = JSON.readTree(HttpCall.put(ns + "/instance/beat").param("serviceName", "beaten")
                .param("ip", "127.0.0.3").param("port", "80").send().body());
        assertEquals(20404, unknown.get("code").asInt());
        JsonNode full = JSON.readTree(HttpCall.put(ns + "/instance/beat").param("serviceName", "beaten")
                .param("beat", "{\"ip\":\"127.0.0.4\",\"port\":81,\"weight\":2,\"cluster\":\"DEFAULT\"}").send().body());
        assertEquals(10200, full.get("code").asInt());
        assertEquals(2, list("beaten").get("hosts").size(), "a full beat registers the instance");
    }

    @Test
    void persistentInstanceIsCheckedByTheServer() throws Exception {
        try (ServerSocket listening = new ServerSocket(0)) {
            int closedPort;
            try (ServerSocket closed = new ServerSocket(0)) {
                closedPort = closed.getLocalPort();
            }
            assertAnswer(register("checked", "127.0.0.1", listening.getLocalPort()).param("ephemeral", "false")
                    .send(), 200, "ok");
            assertAnswer(register("checked", "127.0.0.1", closedPort).param("ephemeral", "false").send(), 200, "ok");
            Await.until(15_000, () -> {
                JsonNode hosts = list("checked").get("hosts");
                return hosts.size() == 2 && healthOf(hosts, listening.getLocalPort()) && !healthOf(hosts, closedPort);
            }, "the closed port turns unhealthy by TCP check, the open one stays healthy");
            assertAnswer(register("checked", "127.0.0.1", 1).send(), 400, "persistent service");
            assertAnswer(HttpCall.put(ns + "/health/instance").param("serviceName", "checked").param("ip", "127.0.0.1")
                    .param("port", String.valueOf(closedPort)).param("healthy", "true").send(), 400,
                    "health check is still working");
        }
    }

    @Test
    void persistentInstanceIsCheckedOverHttpOnTheClustersPath() throws Exception {
        HttpServer ready = answering(200);
        HttpServer failing = answering(503);
        try {
            int readyPort = ready.getAddress().getPort();
            int failingPort = failing.getAddress().getPort();
            assertAnswer(register("http-checked", "127.0.0.1", readyPort).param("ephemeral", "false").send(), 200, "ok");
            assertAnswer(register("http-checked", "127.0.0.1", failingPort).param("ephemeral", "false").send(), 200,
                    "ok");
            assertAnswer(HttpCall.put(ns + "/cluster").param("serviceName", "http-checked").param("clusterName", "DEFAULT")
                    .param("healthChecker", "{\"type\":\"HTTP\",\"path\":\"/ready\"}")
                    .param("useInstancePort4Check", "true").send(), 200, "ok");
            Await.until(15_000, () -> {
                JsonNode hosts = list("http-checked").get("hosts");
                return hosts.size() == 2 && healthOf(hosts, readyPort) && !healthOf(hosts, failingPort);
            }, "the instance whose /ready answers 503 turns unhealthy by HTTP check, the one answering 200 stays healthy");
        } finally {
            ready.stop(0);
            failing.stop(0);
        }
    }

    /** An HTTP server on a loopback port of its own that answers every request with {@code status}. */
    private static HttpServer answering(int status) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
        return server;
    }

    static boolean healthOf(JsonNode hosts, int port) {
        for (JsonNode host : hosts) {
            if (host.get("port").asInt() == port) {
                return host.get("healthy").asBoolean();
            }
        }
        throw new AssertionError("no host on port " + port + " in " + hosts);
    }

    @Test
    void persistentHealthCanBeSetWhereTheCheckerIsNone() {
        register("manual", "127.0.0.5", 1).param("ephemeral", "false").send();
        assertAnswer(HttpCall.put(ns + "/cluster").param("serviceName", "manual").param("clusterName", "DEFAULT")
                .param("healthChecker", "{\"type\":\"NONE\"}").send(), 200, "ok");
        assertAnswer(HttpCall.put(ns + "/health/instance").param("serviceName", "manual").param("ip", "127.0.0.5")
                .param("port", "1").param("healthy", "false").send(), 200, "ok");
        // The list would answer it as healthy (protection threshold 0 with no healthy instance): read the catalog.
        JsonNode catalog = JSON.readTree(HttpCall.get(ns + "/catalog/instances").param("serviceName", "manual")
                .param("clusterName", "DEFAULT").send().body());
        assertFalse(catalog.get("list").get(0).get("healthy").asBoolean(), catalog.toString());
        assertTrue(list("manual").get("reachProtectionThreshold").asBoolean());
    }

    @Test
    void protectionThresholdAnswersAllInstances() {
        assertAnswer(HttpCall.post(ns + "/service").param("serviceName", "protected").param("protectThreshold", "0.6")
                .send(), 200, "ok");
        register("protected", "127.0.0.6", 1).send();
        register("protected", "127.0.0.7", 1).send();
        HttpCall.put(ns + "/instance").param("serviceName", "protected").param("ip", "127.0.0.7").param("port", "1")
                .param("healthy", "false").send();
        JsonNode view = list("protected");
        assertTrue(view.get("reachProtectionThreshold").asBoolean(), view.toString());
        assertEquals(2, view.get("hosts").size());
        assertTrue(view.get("hosts").get(1).get("healthy").asBoolean(), "answered as healthy to spread the load");

        JsonNode detail = JSON.readTree(HttpCall.get(ns + "/service").param("serviceName", "protected").send().body());
        assertEquals(0.6, detail.get("protectThreshold").asDouble(), 0.0001);
        assertAnswer(HttpCall.delete(ns + "/service").param("serviceName", "protected").send(), 400, "not empty");
    }

    @Test
    void emptyServiceIsRemovedAfterItsExpiry() throws Exception {
        register("fleeting", "127.0.0.8", 1).send();
        HttpCall.delete(ns + "/instance").param("serviceName", "fleeting").param("ip", "127.0.0.8")
                .param("port", "1").send();
        Await.until(10_000, () -> HttpCall.get(ns + "/service").param("serviceName", "fleeting").send()
                .statusCode() == 400, "the empty service is removed");
        assertAnswer(HttpCall.get(ns + "/service").param("serviceName", "fleeting").send(), 400, "service not found");
    }

    @Test
    void serviceListAndMetricsCountWhatIsHeld() {
        register("counted-a", "127.0.0.10", 1).param("groupName", "COUNT").send();
        register("counted-b", "127.0.0.10", 2).param("groupName", "COUNT").send();
        JsonNode page = JSON.readTree(HttpCall.get(ns + "/service/list").param("groupName", "COUNT")
                .param("pageNo", "1").param("pageSize", "1").send().body());
        assertEquals(2, page.get("count").asInt());
        assertEquals("counted-a", page.get("doms").get(0).asString());
        JsonNode catalog = JSON.readTree(HttpCall.get(ns + "/catalog/services").param("groupNameParam", "COUNT")
                .param("pageNo", "1").param("pageSize", "10").send().body());
        assertEquals(2, catalog.get("count").asInt());
        assertEquals(1, catalog.get("serviceList").get(0).get("ipCount").asInt());
        JsonNode metrics = JSON.readTree(HttpCall.get(ns + "/operator/metrics").param("onlyStatus", "false").send().body());
        assertEquals("UP", metrics.get("status").asString());
        assertTrue(metrics.get("instanceCount").asInt() >= 2);
        assertTrue(metrics.get("ephemeralIpPortClientCount").asInt() >= 1);
        assertAnswer(HttpCall.put(ns + "/operator/switches").param("entry", "nonsense").param("value", "1").send(),
                400, "cannot be changed");
    }
}
