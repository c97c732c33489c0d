package com.nacosx.tests;

import static com.nacosx.tests.CoreOpenApiTest.v2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The v3 admin API beyond what the maintainer client test drives: the 3.x field names, the
 * public namespace named "public", errors in the envelope, export and import, clone, listener
 * queries and capacity.
 */
class AdminApiV3Test {

    static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static String url(String path) {
        return server.baseUrl() + "/v3/admin" + path;
    }

    static void publish(String dataId, String namespaceId, String content) {
        v2(HttpCall.post(url("/cs/config")).param("dataId", dataId).param("groupName", "V3")
                .param("namespaceId", namespaceId).param("content", content).send(), 200, 0);
    }

    @Test
    void configsAnswerWithThe3xFieldNamesAndPublicNamespace() {
        publish("v3.properties", "", "a=1");
        JsonNode detail = v2(HttpCall.get(url("/cs/config")).param("dataId", "v3.properties")
                .param("groupName", "V3").param("namespaceId", "public").send(), 200, 0);
        assertEquals("public", detail.path("namespaceId").asString());
        assertEquals("V3", detail.path("groupName").asString());
        assertEquals("a=1", detail.path("content").asString());
        assertTrue(detail.path("id").asLong() > 0);

        JsonNode page = v2(HttpCall.get(url("/cs/config/list")).param("dataId", "v3.*").param("groupName", "V3")
                .param("search", "blur").param("pageNo", "1").param("pageSize", "10").send(), 200, 0);
        assertEquals(1, page.path("totalCount").asInt());
        assertEquals("v3.properties", page.path("pageItems").get(0).path("dataId").asString());

        JsonNode history = v2(HttpCall.get(url("/cs/history/list")).param("dataId", "v3.properties")
                .param("groupName", "V3").send(), 200, 0);
        JsonNode entry = history.path("pageItems").get(0);
        assertEquals("I", entry.path("opType").asString());
        JsonNode one = v2(HttpCall.get(url("/cs/history")).param("dataId", "v3.properties").param("groupName", "V3")
                .param("nid", entry.path("id").asString()).send(), 200, 0);
        assertEquals("a=1", one.path("content").asString());
    }

    @Test
    void aMissingConfigIs404InTheEnvelope() {
        v2(HttpCall.get(url("/cs/config")).param("dataId", "nothing-here").param("groupName", "V3").send(), 404,
                20004);
        v2(HttpCall.post(url("/cs/config")).param("dataId", "no-content").param("groupName", "V3").send(), 400, 10000);
    }

    @Test
    void exportThenImportIntoAnotherNamespaceAndClone() {
        publish("exported.yaml", "", "x: 1");
        v2(HttpCall.post(url("/core/namespace")).param("namespaceId", "v3-target").param("namespaceName", "target")
                .send(), 200, 0);
        assertEquals(1, v2(HttpCall.get(url("/core/namespace/check")).param("namespaceId", "v3-target").send(), 200, 0)
                .asInt());
        HttpResponse<byte[]> archive = HttpCall.get(url("/cs/config/export")).param("groupName", "V3")
                .param("dataId", "exported.yaml").sendForBytes();
        assertEquals(200, archive.statusCode());
        JsonNode imported = v2(HttpCall.post(url("/cs/config/import")).param("namespaceId", "v3-target")
                .file("file", "export.zip", archive.body()).send(), 200, 0);
        assertEquals(1, imported.path("succCount").asInt());
        assertEquals("x: 1", v2(HttpCall.get(url("/cs/config")).param("dataId", "exported.yaml").param("groupName", "V3")
                .param("namespaceId", "v3-target").send(), 200, 0).path("content").asString());

        long id = v2(HttpCall.get(url("/cs/config")).param("dataId", "exported.yaml").param("groupName", "V3").send(),
                200, 0).path("id").asLong();
        JsonNode cloned = v2(HttpCall.post(url("/cs/config/clone")).param("namespaceId", "v3-target")
                .param("policy", "OVERWRITE").json("[{\"configId\":" + id
                        + ",\"targetDataId\":\"cloned.yaml\",\"targetGroupName\":\"CLONED\"}]").send(), 200, 0);
        assertEquals(1, cloned.path("succCount").asInt());
        assertEquals("x: 1", v2(HttpCall.get(url("/cs/config")).param("dataId", "cloned.yaml").param("groupName", "CLONED")
                .param("namespaceId", "v3-target").send(), 200, 0).path("content").asString());
    }

    @Test
    void listenerQueriesAndCapacity() {
        publish("listened.txt", "", "l");
        JsonNode byConfig = v2(HttpCall.get(url("/cs/config/listener")).param("dataId", "listened.txt")
                .param("groupName", "V3").send(), 200, 0);
        assertEquals("config", byConfig.path("queryType").asString());
        assertTrue(byConfig.path("listenersStatus").isObject());
        JsonNode byIp = v2(HttpCall.get(url("/cs/listener")).param("ip", "127.0.0.1").send(), 200, 0);
        assertEquals("ip", byIp.path("queryType").asString());

        v2(HttpCall.post(url("/cs/capacity")).param("groupName", "V3").param("quota", "50").send(), 200, 0);
        JsonNode group = v2(HttpCall.get(url("/cs/capacity")).param("groupName", "V3").send(), 200, 0);
        assertEquals(50, group.path("quota").asInt());
        v2(HttpCall.get(url("/cs/capacity")).send(), 400, 20002);
    }

    @Test
    void opsAndClientMetrics() {
        assertEquals("Local cache updated from store successfully!",
                v2(HttpCall.post(url("/cs/ops/localCache")).send(), 200, 0).asString());
        assertTrue(v2(HttpCall.get(url("/cs/metrics/cluster")).param("ip", "127.0.0.1").send(), 200, 0).isObject());
        assertTrue(v2(HttpCall.get(url("/cs/metrics/ip")).param("ip", "127.0.0.1").send(), 200, 0).isObject());
        assertEquals(server.address(), v2(HttpCall.get(url("/ns/client/distro")).param("ip", "10.0.0.1")
                .param("port", "8080").send(), 200, 0).path("responsibleServer").asString());
    }

    @Test
    void coreAndAuthPathsAnswerInTheEnvelope() {
        assertEquals(server.address(), v2(HttpCall.get(url("/core/cluster/node/self")).send(), 200, 0)
                .path("address").asString());
        assertEquals("standalone", v2(HttpCall.get(url("/core/state")).send(), 200, 0).path("startup_mode").asString());
        assertEquals("ok", v2(HttpCall.get(url("/core/state/liveness")).send(), 200, 0).asString());
        assertTrue(v2(HttpCall.get(url("/core/loader/current")).send(), 200, 0).isObject());
        assertTrue(v2(HttpCall.get(url("/ns/health/checkers")).send(), 200, 0).has("TCP"));
        assertTrue(v2(HttpCall.get(server.baseUrl() + "/v3/auth/user/list").param("pageNo", "1")
                .param("pageSize", "10").send(), 200, 0).has("pageItems"));
    }
}
