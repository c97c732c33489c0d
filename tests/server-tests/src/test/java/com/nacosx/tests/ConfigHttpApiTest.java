package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/cs/configs} on a standalone server with embedded Derby. */
class ConfigHttpApiTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static ServerProcess server;
    static String configs;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone();
        configs = server.baseUrl() + "/v1/cs/configs";
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpResponse<String> publish(String dataId, String content) {
        return HttpCall.post(configs).param("dataId", dataId).param("group", "DEFAULT_GROUP")
                .param("content", content).send();
    }

    static HttpResponse<String> read(String dataId) {
        return HttpCall.get(configs).param("dataId", dataId).param("group", "DEFAULT_GROUP").send();
    }

    /** The answer has this status and its body says this. */
    static void assertAnswer(HttpResponse<String> response, int status, String bodyPart) {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.body().contains(bodyPart), response.body());
    }

    static String md5(String content) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(content.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void publishedConfigIsReadBackWithItsHeaders() throws Exception {
        HttpResponse<String> published = HttpCall.post(configs).param("dataId", "app.yaml").param("group", "G1")
                .param("content", "a: 1").param("type", "yaml").send();
        assertEquals(200, published.statusCode());
        assertEquals("true", published.body());

        HttpResponse<String> read = HttpCall.get(configs).param("dataId", "app.yaml").param("group", "G1").send();
        assertEquals(200, read.statusCode());
        assertEquals("a: 1", read.body());
        assertEquals(md5("a: 1"), read.headers().firstValue("Content-MD5").orElseThrow());
        assertEquals("yaml", read.headers().firstValue("Config-Type").orElseThrow());
        assertTrue(read.headers().firstValue("Last-Modified").isPresent());
        assertEquals("no-cache,no-store", read.headers().firstValue("Cache-Control").orElseThrow());
    }

    @Test
    void readRightAfterPublishSeesTheNewContent() {
        for (int i = 0; i < 50; i++) {
            publish("ryw", "v" + i);
            assertEquals("v" + i, read("ryw").body());
        }
    }

    @Test
    void overwriteReplacesTheContent() {
        publish("over", "one");
        publish("over", "two");
        assertEquals("two", read("over").body());
    }

    @Test
    void deleteRemovesTheConfigAndMissingConfigIs404() {
        publish("gone", "x");
        HttpResponse<String> deleted = HttpCall.delete(configs).param("dataId", "gone").param("group", "DEFAULT_GROUP").send();
        assertEquals("true", deleted.body());
        HttpResponse<String> read = read("gone");
        assertEquals(404, read.statusCode());
        assertEquals("config data not exist", read.body().trim());
    }

    @Test
    void deletingAMissingConfigSucceeds() {
        HttpResponse<String> deleted = HttpCall.delete(configs).param("dataId", "never").param("group", "DEFAULT_GROUP").send();
        assertEquals(200, deleted.statusCode());
    }

    @Test
    void utf8ContentRoundTrips() {
        String content = "名字: 配置中心 ✓ — ünïcödé";
        publish("utf8", content);
        assertEquals(content, read("utf8").body());
    }

    @Test
    void tenMegabyteContentRoundTrips() {
        String content = "x".repeat(10 * 1024 * 1024);
        assertEquals(200, publish("big", content).statusCode());
        assertEquals(content.length(), read("big").body().length());
    }

    @Test
    void contentOverTheLimitIsRefusedAndNothingIsWritten() {
        publish("toobig", "small");
        HttpResponse<String> refused = publish("toobig", "x".repeat(10 * 1024 * 1024 + 1));
        assertAnswer(refused, 400, "over 10485760");
        assertEquals("small", read("toobig").body());
    }

    @Test
    void invalidDataIdIsRefusedWithItsName() {
        HttpResponse<String> refused = publish("bad/id", "x");
        assertAnswer(refused, 400, "invalid dataId : bad/id");
    }

    @Test
    void tooLongDataIdIsRefused() {
        assertEquals(400, publish("d".repeat(256), "x").statusCode());
        assertEquals(200, publish("d".repeat(255), "x").statusCode());
    }

    @Test
    void missingParametersAreNamed() {
        HttpResponse<String> noGroup = HttpCall.post(configs).param("dataId", "x").param("content", "c").send();
        assertAnswer(noGroup, 400, "'group'");
        HttpResponse<String> noContent = HttpCall.post(configs).param("dataId", "x").param("group", "g").send();
        assertAnswer(noContent, 400, "'content'");
        HttpResponse<String> noDataId = HttpCall.get(configs).param("group", "g").send();
        assertAnswer(noDataId, 400, "'dataId'");
    }

    @Test
    void blankContentIsRefused() {
        HttpResponse<String> refused = publish("blank", "   ");
        assertAnswer(refused, 400, "content is blank");
    }

    @Test
    void casPublishWithTheRightMd5Succeeds() throws Exception {
        publish("cas-ok", "v1");
        HttpResponse<String> cas = HttpCall.post(configs).param("dataId", "cas-ok").param("group", "DEFAULT_GROUP")
                .param("content", "v2").header("casMd5", md5("v1")).send();
        assertEquals(200, cas.statusCode());
        assertEquals("v2", read("cas-ok").body());
    }

    @Test
    void casPublishWithAStaleMd5FailsAndKeepsTheContent() throws Exception {
        publish("cas-stale", "v1");
        HttpResponse<String> cas = HttpCall.post(configs).param("dataId", "cas-stale").param("group", "DEFAULT_GROUP")
                .param("content", "v2").header("casMd5", md5("something else")).send();
        assertAnswer(cas, 500, "Cas publish fail");
        assertEquals("v1", read("cas-stale").body());
        JsonNode history = JSON.readTree(HttpCall.get(server.baseUrl() + "/v1/cs/history").param("search", "accurate")
                .param("dataId", "cas-stale").param("group", "DEFAULT_GROUP").send().body());
        assertEquals(1, history.get("totalCount").asInt(), "a refused publish must not write history");
    }

    @Test
    void aRefusedCompareAndSetAmongConcurrentPublishesFailsAlone() throws Exception {
        publish("cas-crowd", "v1");
        List<CompletableFuture<HttpResponse<String>>> crowd = new ArrayList<>();
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 8; i++) {
                String dataId = "crowd-" + round + "-" + i;
                crowd.add(CompletableFuture.supplyAsync(() -> publish(dataId, "ok")));
            }
            crowd.add(CompletableFuture.supplyAsync(() -> HttpCall.post(configs).param("dataId", "cas-crowd")
                    .param("group", "DEFAULT_GROUP").param("content", "v2").header("casMd5", "0000").send()));
        }
        for (CompletableFuture<HttpResponse<String>> call : crowd) {
            call.get();
        }
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 8; i++) {
                assertEquals("ok", read("crowd-" + round + "-" + i).body());
            }
            assertEquals(500, crowd.get(round * 9 + 8).get().statusCode());
        }
        assertEquals("v1", read("cas-crowd").body());
    }

    @Test
    void betaIsServedOnlyToTheListedIps() {
        publish("beta", "formal");
        HttpCall.post(configs).param("dataId", "beta").param("group", "DEFAULT_GROUP").param("content", "beta!")
                .header("betaIps", "10.0.0.1,10.0.0.2").send();

        HttpResponse<String> listed = HttpCall.get(configs).param("dataId", "beta").param("group", "DEFAULT_GROUP")
                .header("X-Forwarded-For", "10.0.0.2").send();
        assertEquals("beta!", listed.body());
        assertEquals("true", listed.headers().firstValue("isBeta").orElseThrow());
        HttpResponse<String> other = HttpCall.get(configs).param("dataId", "beta").param("group", "DEFAULT_GROUP")
                .header("X-Forwarded-For", "10.0.0.9").send();
        assertEquals("formal", other.body());
        assertTrue(other.headers().firstValue("isBeta").isEmpty());

        JsonNode beta = JSON.readTree(HttpCall.get(configs).param("dataId", "beta").param("group", "DEFAULT_GROUP")
                .param("beta", "true").send().body());
        assertEquals("10.0.0.1,10.0.0.2", beta.get("data").get("betaIps").asString());

        HttpCall.delete(configs).param("dataId", "beta").param("group", "DEFAULT_GROUP").param("beta", "true").send();
        assertEquals("formal", HttpCall.get(configs).param("dataId", "beta").param("group", "DEFAULT_GROUP")
                .header("X-Forwarded-For", "10.0.0.2").send().body());
    }

    @Test
    void tagVariantIsServedToReadersOfThatTag() {
        publish("tagged", "formal");
        HttpCall.post(configs).param("dataId", "tagged").param("group", "DEFAULT_GROUP").param("content", "for-blue")
                .param("tag", "blue").send();
        assertEquals("for-blue", HttpCall.get(configs).param("dataId", "tagged").param("group", "DEFAULT_GROUP")
                .param("tag", "blue").send().body());
        assertEquals("formal", read("tagged").body());
        assertEquals(404, HttpCall.get(configs).param("dataId", "tagged").param("group", "DEFAULT_GROUP")
                .param("tag", "green").send().statusCode());
        HttpCall.delete(configs).param("dataId", "tagged").param("group", "DEFAULT_GROUP").param("tag", "blue").send();
        assertEquals(404, HttpCall.get(configs).param("dataId", "tagged").param("group", "DEFAULT_GROUP")
                .param("tag", "blue").send().statusCode());
        assertEquals("formal", read("tagged").body());
    }

    @Test
    void detailShowsAllStoredFields() {
        HttpCall.post(configs).param("dataId", "detail").param("group", "DEFAULT_GROUP").param("content", "c")
                .param("desc", "the desc").param("appName", "shop").param("config_tags", "t1,t2").param("type", "json")
                .send();
        JsonNode detail = JSON.readTree(HttpCall.get(configs).param("dataId", "detail").param("group", "DEFAULT_GROUP")
                .param("show", "all").send().body());
        assertEquals("the desc", detail.get("desc").asString());
        assertEquals("shop", detail.get("appName").asString());
        assertEquals("t1,t2", detail.get("configTags").asString());
        assertEquals("json", detail.get("type").asString());
    }

    @Test
    void republishingReplacesTheConfigTags() {
        String detail = null;
        for (String tags : new String[] {null, "a,b", "c", null}) {
            HttpCall publish = HttpCall.post(configs).param("dataId", "retag").param("group", "DEFAULT_GROUP")
                    .param("content", "c" + tags);
            if (tags != null) {
                publish.param("config_tags", tags);
            }
            publish.send();
            detail = HttpCall.get(configs).param("dataId", "retag").param("group", "DEFAULT_GROUP")
                    .param("show", "all").send().body();
            JsonNode stored = JSON.readTree(detail).get("configTags");
            assertEquals(tags, stored == null || stored.isNull() ? null : stored.asString(), detail);
        }
        JsonNode byTag = JSON.readTree(HttpCall.get(configs).param("search", "blur").param("dataId", "retag")
                .param("config_tags", "c").send().body());
        assertEquals(0, byTag.get("totalCount").asInt(), detail);
    }

    @Test
    void unknownTypeIsStoredAsText() {
        HttpCall.post(configs).param("dataId", "weird-type").param("group", "DEFAULT_GROUP").param("content", "c")
                .param("type", "exe").send();
        assertEquals("text", read("weird-type").headers().firstValue("Config-Type").orElseThrow());
    }

    @Test
    void searchPagesAccurateAndBlur() {
        for (int i = 0; i < 5; i++) {
            HttpCall.post(configs).param("dataId", "search-" + i).param("group", "SEARCH").param("content", "c").send();
        }
        JsonNode blur = JSON.readTree(HttpCall.get(configs).param("search", "blur").param("dataId", "search-")
                .param("group", "SEARCH").param("pageNo", "2").param("pageSize", "2").send().body());
        assertEquals(5, blur.get("totalCount").asInt());
        assertEquals(3, blur.get("pagesAvailable").asInt());
        assertEquals(2, blur.get("pageItems").size());
        JsonNode accurate = JSON.readTree(HttpCall.get(configs).param("search", "accurate").param("dataId", "search-3")
                .param("group", "SEARCH").param("pageNo", "1").param("pageSize", "10").send().body());
        assertEquals(1, accurate.get("totalCount").asInt());
        assertEquals("search-3", accurate.get("pageItems").get(0).get("dataId").asString());
    }

    @Test
    void searchRefusesANonNumericPage() {
        assertEquals(400, HttpCall.get(configs).param("search", "blur").param("pageNo", "x").send().statusCode());
    }

    @Test
    void deleteByIdsRemovesThoseConfigs() {
        publish("by-id", "c");
        JsonNode found = JSON.readTree(HttpCall.get(configs).param("search", "accurate").param("dataId", "by-id")
                .param("group", "DEFAULT_GROUP").param("pageNo", "1").param("pageSize", "1").send().body());
        String id = found.get("pageItems").get(0).get("id").asString();
        HttpResponse<String> deleted = HttpCall.delete(configs).param("delType", "ids").param("ids", id).send();
        assertEquals(200, deleted.statusCode());
        assertEquals(404, read("by-id").statusCode());
    }

    @Test
    void historyRecordsEveryPublishAndDelete() {
        publish("hist", "v1");
        publish("hist", "v2");
        HttpCall.delete(configs).param("dataId", "hist").param("group", "DEFAULT_GROUP").send();
        String history = server.baseUrl() + "/v1/cs/history";
        JsonNode page = JSON.readTree(HttpCall.get(history).param("search", "accurate").param("dataId", "hist")
                .param("group", "DEFAULT_GROUP").send().body());
        assertEquals(3, page.get("totalCount").asInt());
        JsonNode items = page.get("pageItems");
        assertEquals("D", items.get(0).get("opType").asString());
        assertEquals("v2", items.get(0).get("content").asString());
        assertEquals("U", items.get(1).get("opType").asString());
        assertEquals("v1", items.get(1).get("content").asString());
        assertEquals("I", items.get(2).get("opType").asString());

        String nid = items.get(1).get("nid").asString();
        JsonNode one = JSON.readTree(HttpCall.get(history).param("nid", nid).param("dataId", "hist")
                .param("group", "DEFAULT_GROUP").send().body());
        assertEquals("v1", one.get("content").asString());

        JsonNode previous = JSON.readTree(HttpCall.get(history + "/previous").param("id", items.get(0).get("id").asString())
                .param("dataId", "hist").param("group", "DEFAULT_GROUP").send().body());
        assertEquals("D", previous.get("opType").asString());
        assertEquals(404, HttpCall.get(history).param("nid", "999999").send().statusCode());
    }

    @Test
    void namespacesIsolateConfigs() {
        String namespaces = server.baseUrl() + "/v1/console/namespaces";
        assertEquals("true", HttpCall.post(namespaces).param("customNamespaceId", "dev")
                .param("namespaceName", "Development").param("namespaceDesc", "for devs").send().body());
        HttpCall.post(configs).param("dataId", "iso").param("group", "DEFAULT_GROUP").param("tenant", "dev")
                .param("content", "in-dev").send();
        publish("iso", "in-public");
        assertEquals("in-dev", HttpCall.get(configs).param("dataId", "iso").param("group", "DEFAULT_GROUP")
                .param("tenant", "dev").send().body());
        assertEquals("in-public", read("iso").body());
        assertEquals("in-public", HttpCall.get(configs).param("dataId", "iso").param("group", "DEFAULT_GROUP")
                .param("tenant", "public").send().body());

        JsonNode list = JSON.readTree(HttpCall.get(namespaces).send().body()).get("data");
        assertEquals("", list.get(0).get("namespace").asString());
        JsonNode dev = list.get(1);
        assertEquals("dev", dev.get("namespace").asString());
        assertEquals("Development", dev.get("namespaceShowName").asString());
        assertEquals(1, dev.get("configCount").asInt());
        assertEquals(2, dev.get("type").asInt());

        assertEquals("true", HttpCall.put(namespaces).param("namespace", "dev").param("namespaceShowName", "Dev 2")
                .send().body());
        assertEquals("Dev 2", JSON.readTree(HttpCall.get(namespaces).param("show", "all").param("namespaceId", "dev")
                .send().body()).get("namespaceShowName").asString());
        assertEquals("true", HttpCall.get(namespaces).param("checkNamespaceIdExist", "true")
                .param("customNamespaceId", "dev").send().body());
        assertEquals("true", HttpCall.delete(namespaces).param("namespaceId", "dev").send().body());
        assertEquals(404, HttpCall.get(namespaces).param("show", "all").param("namespaceId", "dev").send().statusCode());
    }

    @Test
    void badNamespacesAreRefusedClearly() {
        String namespaces = server.baseUrl() + "/v1/console/namespaces";
        HttpResponse<String> badId = HttpCall.post(namespaces).param("customNamespaceId", "has space")
                .param("namespaceName", "x").send();
        assertAnswer(badId, 400, "invalid namespace id");
        HttpCall.post(namespaces).param("customNamespaceId", "twice").param("namespaceName", "x").send();
        assertEquals(409, HttpCall.post(namespaces).param("customNamespaceId", "twice").param("namespaceName", "x")
                .send().statusCode());
        assertEquals(400, HttpCall.post(namespaces).param("customNamespaceId", "odd").param("namespaceName", "a#b")
                .send().statusCode());
        assertEquals(404, HttpCall.delete(namespaces).param("namespaceId", "no-such").send().statusCode());
    }

    @Test
    void malformedEncodingUnknownPathsAndWrongMethodsAnswerClearly() throws Exception {
        String malformed;
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port())) {
            socket.getOutputStream().write(("GET /nacos/v1/cs/configs?dataId=%zz&group=G HTTP/1.1\r\nHost: x\r\n"
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            malformed = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(malformed.startsWith("HTTP/1.1 400"), malformed);
        assertTrue(malformed.contains("malformed request"), malformed);
        HttpResponse<String> unknown = HttpCall.get(server.baseUrl() + "/v1/cs/nothing-here").send();
        assertEquals(404, unknown.statusCode());
        HttpResponse<String> wrongMethod = HttpCall.put(configs).param("dataId", "x").param("group", "g").send();
        assertEquals(405, wrongMethod.statusCode());
        assertEquals(200, HttpCall.get(server.baseUrl() + "/v1/console/health/liveness").send().statusCode());
    }

    @Test
    void invalidTenantIsRefused() {
        HttpResponse<String> refused = HttpCall.get(configs).param("dataId", "x").param("group", "g")
                .param("tenant", "a/b").send();
        assertAnswer(refused, 400, "invalid tenant");
    }

    @Test
    void healthProbesAnswer() {
        assertEquals(200, HttpCall.get(server.baseUrl() + "/v1/console/health/liveness").send().statusCode());
        assertEquals(200, HttpCall.get(server.baseUrl() + "/v1/console/health/readiness").send().statusCode());
    }

    @Test
    void configsAndTheirTagsSurviveARestart() {
        HttpCall.post(configs).param("dataId", "durable").param("group", "DEFAULT_GROUP").param("content", "kept")
                .param("config_tags", "old").send();
        server.restart();
        assertEquals("kept", read("durable").body());
        publish("durable", "untagged now");
        JsonNode detail = JSON.readTree(HttpCall.get(configs).param("dataId", "durable").param("group", "DEFAULT_GROUP")
                .param("show", "all").send().body());
        assertTrue(detail.get("configTags").isNull(), detail.toString());
    }
}
