package com.nacosx.tests;

import static com.nacosx.tests.CoreOpenApiTest.json;
import static com.nacosx.tests.CoreOpenApiTest.v2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The v2 config Open API ({@code /v2/cs/config}, {@code /v2/cs/history}) and the 1.x history
 * listing of a namespace's configs, on a standalone server; and history retention on a server
 * that keeps none.
 */
class ConfigOpenApiV2Test {

    static ServerProcess server;
    static String config;
    static String history;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone();
        config = server.baseUrl() + "/v2/cs/config";
        history = server.baseUrl() + "/v2/cs/history";
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpCall publish(String dataId, String content) {
        return HttpCall.post(config).param("dataId", dataId).param("group", "V2").param("content", content);
    }

    static HttpCall read(String dataId) {
        return HttpCall.get(config).param("dataId", dataId).param("group", "V2");
    }

    @Test
    void publishReadSearchAndDelete() {
        assertEquals(true, v2(publish("v2.yaml", "a: 1").param("type", "yaml").param("appName", "shop")
                .param("desc", "from v2").send(), 200, 0).asBoolean());
        assertEquals("a: 1", v2(read("v2.yaml").send(), 200, 0).asString());
        assertEquals("a: 1", HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "v2.yaml")
                .param("group", "V2").send().body(), "the 1.x door reads what the v2 one wrote");

        JsonNode page = json(HttpCall.get(config + "/searchDetail").param("dataId", "v2").param("group", "V2")
                .param("config_detail", "a:").param("search", "blur").param("pageNo", "1").param("pageSize", "10")
                .send(), 200);
        assertEquals(1, page.path("totalCount").asInt(), page.toString());
        assertEquals("v2.yaml", page.path("pageItems").get(0).path("dataId").asString());
        assertEquals("shop", page.path("pageItems").get(0).path("appName").asString());
        assertEquals(0, json(HttpCall.get(config + "/searchDetail").param("dataId", "v2").param("group", "V2")
                .param("config_detail", "no such text").param("pageNo", "1").param("pageSize", "10").send(), 200)
                .path("totalCount").asInt());

        assertEquals(true, v2(HttpCall.delete(config).param("dataId", "v2.yaml").param("group", "V2").send(), 200, 0)
                .asBoolean());
        assertEquals("config data not exist", v2(read("v2.yaml").send(), 404, 20004).asString());
    }

    @Test
    void badInputIsRefusedWithTheOfficialCodesAndChangesNothing() {
        assertEquals("Required parameter 'content' type String is not present",
                v2(publish("v2-bad", " ").send(), 400, 10000).asString());
        v2(HttpCall.post(config).param("group", "V2").param("content", "x").send(), 400, 10000);
        v2(publish("bad id!", "x").send(), 400, 20002);
        v2(publish("v2-bad", "x").param("namespaceId", "no/such").send(), 400, 20002);
        v2(read("v2-bad").send(), 404, 20004);
        v2(HttpCall.get(config).param("dataId", "v2-bad").send(), 400, 10000);
        v2(HttpCall.get(config + "/searchDetail").param("dataId", "").param("group", "").param("config_detail", "")
                .param("pageNo", "one").param("pageSize", "10").send(), 400, 20002);
    }

    @Test
    void historyListsGetsComparesAndChecksTheConfig() {
        v2(publish("hist-v2", "first").send(), 200, 0);
        v2(publish("hist-v2", "second").send(), 200, 0);
        v2(publish("hist-v2", "third").send(), 200, 0);

        JsonNode page = v2(HttpCall.get(history + "/list").param("dataId", "hist-v2").param("group", "V2").send(), 200, 0);
        assertEquals(3, page.path("totalCount").asInt(), page.toString());
        JsonNode newest = page.path("pageItems").get(0);
        JsonNode middle = page.path("pageItems").get(1);
        assertEquals("U", middle.path("opType").asString());
        assertEquals("first", middle.path("content").asString(), "an update records what the config held before");

        String nid = middle.path("nid").asString();
        JsonNode one = v2(HttpCall.get(history).param("dataId", "hist-v2").param("group", "V2").param("nid", nid).send(),
                200, 0);
        assertEquals("first", one.path("content").asString());
        assertEquals("Please check dataId, group or namespaceId.", v2(HttpCall.get(history).param("dataId", "hist-v2")
                .param("group", "OTHER").param("nid", nid).send(), 403, 10001).asString());
        assertTrue(v2(HttpCall.get(history).param("dataId", "hist-v2").param("group", "V2").param("nid", "999999999")
                .send(), 200, 0).isNull(), "a missing entry is null data, as the official answers");
        v2(HttpCall.get(history).param("dataId", "hist-v2").param("group", "V2").send(), 400, 10000);

        JsonNode detail = v2(HttpCall.get(history + "/detail").param("dataId", "hist-v2").param("group", "V2")
                .param("nid", nid).send(), 200, 0);
        assertEquals("first", detail.path("originalContent").asString(), detail.toString());
        assertEquals("second", detail.path("updatedContent").asString(), "the next entry holds what it became");
        JsonNode latest = v2(HttpCall.get(history + "/detail").param("dataId", "hist-v2").param("group", "V2")
                .param("nid", newest.path("nid").asString()).send(), 200, 0);
        assertEquals("second", latest.path("originalContent").asString());
        assertEquals("third", latest.path("updatedContent").asString(), "the newest entry is compared with the store");
        JsonNode created = v2(HttpCall.get(history + "/detail").param("dataId", "hist-v2").param("group", "V2")
                .param("nid", page.path("pageItems").get(2).path("nid").asString()).send(), 200, 0);
        assertEquals("I", created.path("opType").asString());
        assertEquals("", created.path("originalContent").asString());

        JsonNode previous = v2(HttpCall.get(history + "/previous").param("dataId", "hist-v2").param("group", "V2")
                .param("id", newest.path("id").asString()).send(), 200, 0);
        assertEquals(newest.path("nid").asString(), previous.path("nid").asString());

        JsonNode configs = v2(HttpCall.get(history + "/configs").param("namespaceId", "public").send(), 200, 0);
        assertTrue(configs.toString().contains("\"hist-v2\""), configs.toString());
        v2(HttpCall.get(history + "/configs").send(), 400, 10000);
        assertEquals(400, HttpCall.get(server.baseUrl() + "/v1/cs/history/configs").send().statusCode());
        v2(HttpCall.get(history + "/configs").param("namespaceId", "bad/ns").send(), 400, 20002);
        JsonNode v1Configs = json(HttpCall.get(server.baseUrl() + "/v1/cs/history/configs").param("tenant", "").send(), 200);
        assertTrue(v1Configs.toString().contains("\"hist-v2\""), v1Configs.toString());
    }

    @Test
    void historyOlderThanTheRetentionIsDeleted() throws InterruptedException {
        try (ServerProcess keepsNone = ServerProcess.startStandalone("nacos.config.retention.days=0",
                "nacos.config.retention.interval=1s")) {
            String url = keepsNone.baseUrl() + "/v2/cs/config";
            for (int i = 0; i < 3; i++) {
                v2(HttpCall.post(url).param("dataId", "kept").param("group", "V2").param("content", "v" + i).send(), 200, 0);
            }
            HttpCall list = HttpCall.get(keepsNone.baseUrl() + "/v2/cs/history/list").param("dataId", "kept")
                    .param("group", "V2");
            Await.until(10_000, () -> v2(list.send(), 200, 0).path("totalCount").asInt() == 0,
                    "the history rows were deleted");
            assertEquals("v2", v2(HttpCall.get(url).param("dataId", "kept").param("group", "V2").send(), 200, 0)
                    .asString(), "the config itself stays");
            assertTrue(keepsNone.log("config-server.log").contains("history rows older than 0 days"),
                    "the deletion is logged");
        }
    }
}
