package com.nacosx.tests;

import static com.nacosx.tests.CoreOpenApiTest.json;
import static com.nacosx.tests.CoreOpenApiTest.v2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.naming.SubscribeServiceRequest;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The v2 naming Open API ({@code /v2/ns/instance}, {@code /service}, {@code /health},
 * {@code /catalog}, {@code /operator}, {@code /client}) and the 1.x paths that were missing
 * ({@code /v1/ns/service/names}, {@code /v1/ns/instance/metadata/batch}, {@code /v1/ns/health/checkers})
 * on a standalone server: the official bodies, and bad input refused with the official status and
 * code, changing nothing.
 */
class NamingOpenApiV2Test {

    static ServerProcess server;
    static String instance;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone();
        instance = server.baseUrl() + "/v2/ns/instance";
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpCall at(HttpCall call, String service, String ip) {
        return call.param("serviceName", service).param("ip", ip).param("port", "8080");
    }

    static JsonNode detail(String service, String ip) {
        return v2(at(HttpCall.get(instance), service, ip).send(), 200, 0);
    }

    @Test
    void instanceLifecycle() {
        assertEquals("ok", v2(at(HttpCall.post(instance), "orders", "10.2.0.1").param("weight", "2")
                .param("metadata", "{\"zone\":\"a\"}").send(), 200, 0).asString());
        JsonNode listed = v2(HttpCall.get(instance + "/list").param("serviceName", "orders").send(), 200, 0);
        assertEquals("10.2.0.1", listed.path("hosts").get(0).path("ip").asString(), listed.toString());
        JsonNode one = detail("orders", "10.2.0.1");
        assertEquals("DEFAULT_GROUP@@orders", one.path("serviceName").asString());
        assertEquals(2.0, one.path("weight").asDouble());
        assertEquals("a", one.path("metadata").path("zone").asString());

        v2(at(HttpCall.put(instance), "orders", "10.2.0.1").param("weight", "3").send(), 200, 0);
        assertEquals(3.0, detail("orders", "10.2.0.1").path("weight").asDouble());

        JsonNode beat = json(at(HttpCall.put(instance + "/beat"), "orders", "10.2.0.1").send(), 200);
        assertEquals(10200, beat.path("code").asInt(), "the beat answers bare, as the official's");
        JsonNode statuses = json(HttpCall.get(instance + "/statuses/DEFAULT_GROUP@@orders").send(), 200);
        assertEquals("10.2.0.1:8080_true", statuses.path("ips").get(0).asString());
        HttpResponse<String> patched = at(HttpCall.patch(instance), "orders", "10.2.0.1").param("enabled", "false").send();
        assertEquals("ok", patched.body());
        JsonNode catalog = v2(HttpCall.get(server.baseUrl() + "/v2/ns/catalog/instances").param("serviceName", "orders")
                .param("pageNo", "1").param("pageSize", "10").send(), 200, 0);
        assertFalse(catalog.path("instances").get(0).path("enabled").asBoolean(true), "the patch disabled it");

        v2(at(HttpCall.delete(instance), "orders", "10.2.0.1").send(), 200, 0);
        assertEquals(0, v2(HttpCall.get(instance + "/list").param("serviceName", "orders").send(), 200, 0)
                .path("hosts").size());
    }

    @Test
    void badInstanceInputIsRefused() {
        v2(HttpCall.post(instance).param("serviceName", "refused").param("port", "80").send(), 400, 10000);
        assertEquals("instance format invalid: The weights range from 0.0 to 10000.0", v2(at(HttpCall.post(instance),
                "refused", "10.2.0.9").param("weight", "-1").send(), 400, 21001).asString());
        v2(at(HttpCall.post(instance), "bad@@name@@x", "10.2.0.9").send(), 400, 20002);
        assertEquals(0, v2(HttpCall.get(instance + "/list").param("serviceName", "refused").send(), 200, 0)
                .path("hosts").size(), "nothing was registered");
        assertEquals("no ips found for cluster DEFAULT in service DEFAULT_GROUP@@never-registered",
                v2(at(HttpCall.get(instance), "never-registered", "10.2.0.9").send(), 404, 20004).asString());
        v2(at(HttpCall.post(instance), "known", "10.2.0.9").send(), 200, 0);
        assertEquals("no matched ip found!", v2(at(HttpCall.get(instance), "known", "10.2.0.10").send(), 404, 20004)
                .asString());
    }

    @Test
    void metadataBatchChangesTheListedInstances() {
        for (String ip : new String[] {"10.3.0.1", "10.3.0.2"}) {
            v2(at(HttpCall.post(instance), "batch", ip).send(), 200, 0);
        }
        String one = "[{\"ip\":\"10.3.0.1\",\"port\":8080,\"clusterName\":\"DEFAULT\"}]";
        JsonNode updated = v2(HttpCall.put(instance + "/metadata/batch").param("serviceName", "batch")
                .param("instances", one).param("metadata", "{\"v\":\"2\"}").send(), 200, 0);
        assertEquals("10.3.0.1:8080:unknown:DEFAULT:ephemeral", updated.path("updated").get(0).asString());
        assertEquals("2", detail("batch", "10.3.0.1").path("metadata").path("v").asString());
        assertFalse(detail("batch", "10.3.0.2").path("metadata").has("v"), "only the listed instance changed");

        JsonNode all = json(HttpCall.put(server.baseUrl() + "/v1/ns/instance/metadata/batch").param("serviceName", "batch")
                .param("metadata", "{\"w\":\"1\"}").send(), 200);
        assertEquals(2, all.path("updated").size(), "the 1.x path answers bare, and no list means every instance");

        v2(HttpCall.delete(instance + "/metadata/batch").param("serviceName", "batch").param("instances", one)
                .param("metadata", "{\"v\":\"\"}").send(), 200, 0);
        assertFalse(detail("batch", "10.3.0.1").path("metadata").has("v"));
        assertEquals("1", detail("batch", "10.3.0.1").path("metadata").path("w").asString());

        v2(HttpCall.put(instance + "/metadata/batch").param("serviceName", "batch").param("instances", "[{oops")
                .param("metadata", "{\"x\":\"1\"}").send(), 400, 20002);
        v2(HttpCall.put(instance + "/metadata/batch").param("serviceName", "batch").send(), 400, 10000);
        assertFalse(detail("batch", "10.3.0.2").path("metadata").has("x"), "a refused batch changed nothing");
    }

    @Test
    void serviceLifecycle() {
        String service = server.baseUrl() + "/v2/ns/service";
        assertEquals("ok", v2(HttpCall.post(service).param("serviceName", "catalogue").param("metadata", "{\"t\":\"1\"}")
                .send(), 200, 0).asString());
        JsonNode detail = v2(HttpCall.get(service).param("serviceName", "catalogue").send(), 200, 0);
        assertEquals("catalogue", detail.path("serviceName").asString());
        assertEquals("DEFAULT_GROUP", detail.path("groupName").asString());
        assertEquals("public", detail.path("namespace").asString());
        assertFalse(detail.path("ephemeral").asBoolean(), "a v2 service is persistent unless asked");
        assertEquals("1", detail.path("metadata").path("t").asString());

        v2(HttpCall.put(service).param("serviceName", "catalogue").param("protectThreshold", "0.5").send(), 200, 0);
        assertEquals(0.5, v2(HttpCall.get(service).param("serviceName", "catalogue").send(), 200, 0)
                .path("protectThreshold").asDouble());
        v2(HttpCall.put(service).param("serviceName", "catalogue").param("protectThreshold", "7").send(), 400, 20002);

        JsonNode list = v2(HttpCall.get(service + "/list").send(), 200, 0);
        assertTrue(list.path("services").toString().contains("\"catalogue\""), list.toString());
        assertEquals(list.path("count").asInt(), list.path("services").size());

        JsonNode names = json(HttpCall.get(server.baseUrl() + "/v1/ns/service/names").param("namespaceId", "public")
                .param("expr", "catal").send(), 200);
        assertEquals("DEFAULT_GROUP@@catalogue", names.path("META-INF/services").path("public").get(0).asString());
        assertEquals(1, names.path("count").asInt());

        JsonNode page = json(HttpCall.get(server.baseUrl() + "/v1/ns/catalog/service").param("serviceName", "catalogue")
                .send(), 200);
        assertEquals("catalogue", page.path("service").path("name").asString(), page.toString());
        assertEquals(0.5, page.path("service").path("protectThreshold").asDouble());
        assertTrue(page.path("clusters").isArray());
        assertEquals(404, HttpCall.get(server.baseUrl() + "/v1/ns/catalog/service").param("serviceName", "nothing-here")
                .send().statusCode());
        assertTrue(json(HttpCall.get(server.baseUrl() + "/v1/ns/service/selector/types").send(), 200).path("data")
                .toString().contains("label"));

        v2(HttpCall.delete(service).param("serviceName", "catalogue").send(), 200, 0);
        v2(HttpCall.get(service).param("serviceName", "catalogue").send(), 400, 21008);
    }

    @Test
    void healthCatalogOperatorAndCheckers() {
        v2(at(HttpCall.post(instance), "checked", "10.4.0.1").send(), 200, 0);
        v2(at(HttpCall.put(server.baseUrl() + "/v2/ns/health/instance"), "checked", "10.4.0.1").send(), 400, 21010);
        v2(at(HttpCall.put(server.baseUrl() + "/v2/ns/health/instance"), "checked", "10.4.0.1").param("healthy", "false")
                .send(), 400, 21004);
        assertTrue(detail("checked", "10.4.0.1").path("healthy").asBoolean(), "nothing changed");

        JsonNode catalog = v2(HttpCall.get(server.baseUrl() + "/v2/ns/catalog/instances")
                .param("serviceName", "DEFAULT_GROUP@@checked").param("pageNo", "1").param("pageSize", "10").send(), 200, 0);
        assertEquals(1, catalog.path("count").asInt());
        assertEquals("10.4.0.1", catalog.path("instances").get(0).path("ip").asString());

        assertEquals("00-00---000-NACOS_SWITCH_DOMAIN-000---00-00", v2(HttpCall.get(server.baseUrl()
                + "/v2/ns/operator/switches").send(), 200, 0).path("name").asString());
        JsonNode metrics = v2(HttpCall.get(server.baseUrl() + "/v2/ns/operator/metrics").param("onlyStatus", "false")
                .send(), 200, 0);
        assertEquals("UP", metrics.path("status").asString());
        assertTrue(metrics.path("instanceCount").asInt() >= 1, metrics.toString());
        v2(HttpCall.put(server.baseUrl() + "/v2/ns/operator/switches").param("entry", "no-such-switch")
                .param("value", "1").send(), 400, 20002);

        JsonNode checkers = json(HttpCall.get(server.baseUrl() + "/v1/ns/health/checkers").send(), 200);
        assertEquals("TCP", checkers.path("TCP").path("type").asString());
        assertEquals(200, checkers.path("HTTP").path("expectedResponseCode").asInt());
    }

    @Test
    void clientsShowWhatTheyPublishAndSubscribe() {
        v2(at(HttpCall.post(instance), "watched", "10.5.0.1").send(), 200, 0);
        String httpClient = "10.5.0.1:8080#true";
        String clients = server.baseUrl() + "/v2/ns/client";
        try (NacosGrpcClient grpc = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            SubscribeServiceRequest subscribe = new SubscribeServiceRequest();
            subscribe.namespace = "public";
            subscribe.groupName = "DEFAULT_GROUP";
            subscribe.serviceName = "watched";
            subscribe.clusters = "";
            subscribe.subscribe = true;
            assertTrue(grpc.requestNow(subscribe).isSuccess());

            JsonNode list = v2(HttpCall.get(clients + "/list").send(), 200, 0);
            assertTrue(list.toString().contains(httpClient) && list.toString().contains(grpc.connectionId()),
                    list.toString());
            JsonNode http = v2(HttpCall.get(clients).param("clientId", httpClient).send(), 200, 0);
            assertEquals("ipPort", http.path("clientType").asString());
            assertEquals("10.5.0.1", http.path("clientIp").asString());
            assertEquals("8080", http.path("clientPort").asString());
            assertEquals("connection", v2(HttpCall.get(clients).param("clientId", grpc.connectionId()).send(), 200, 0)
                    .path("clientType").asString());

            JsonNode published = v2(HttpCall.get(clients + "/publish/list").param("clientId", httpClient).send(), 200, 0);
            assertEquals("watched", published.get(0).path("serviceName").asString());
            assertEquals(8080, published.get(0).path("registeredInstance").path("port").asInt());
            JsonNode subscribed = v2(HttpCall.get(clients + "/subscribe/list").param("clientId", grpc.connectionId())
                    .send(), 200, 0);
            assertEquals("watched", subscribed.get(0).path("serviceName").asString());

            JsonNode publishers = v2(HttpCall.get(clients + "/service/publisher/list").param("serviceName", "watched")
                    .send(), 200, 0);
            assertEquals(httpClient, publishers.get(0).path("clientId").asString());
            JsonNode subscribers = v2(HttpCall.get(clients + "/service/subscriber/list").param("serviceName", "watched")
                    .send(), 200, 0);
            assertEquals(grpc.connectionId(), subscribers.get(0).path("clientId").asString());

            v2(HttpCall.get(clients).param("clientId", "1.2.3.4:1#true").send(), 404, 20004);
            v2(HttpCall.get(clients).send(), 400, 10000);
        }
    }
}
