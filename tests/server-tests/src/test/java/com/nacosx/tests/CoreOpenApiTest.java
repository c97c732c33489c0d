package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The core and console paths of the official HTTP API on a standalone server: cluster members
 * (1.x and v2), operations, the loader, health and namespaces (v2), with the official bodies and,
 * for bad input, the official status and detail code.
 */
class CoreOpenApiTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static JsonNode json(HttpResponse<String> response, int status) {
        assertEquals(status, response.statusCode(), response.body());
        return JSON.readTree(response.body());
    }

    /** A v2 answer: HTTP status, detail code, and for failures the official short text. */
    static JsonNode v2(HttpResponse<String> response, int status, int code) {
        JsonNode body = json(response, status);
        assertEquals(code, body.path("code").asInt(), response.body());
        if (code == 0) {
            assertEquals("success", body.path("message").asString(), response.body());
        }
        return body.path("data");
    }

    String url(String path) {
        return server.baseUrl() + path;
    }

    @Test
    void v1ClusterPathsShowThisNode() {
        JsonNode self = json(HttpCall.get(url("/v1/core/cluster/self")).send(), 200);
        assertEquals(200, self.path("code").asInt());
        assertEquals(server.address(), self.path("data").path("address").asString());
        assertEquals("UP", self.path("data").path("state").asString());
        assertEquals("UP", json(HttpCall.get(url("/v1/core/cluster/health")).send(), 200).path("data").asString());
        JsonNode simple = json(HttpCall.get(url("/v1/core/cluster/simple/nodes")).send(), 200).path("data");
        assertEquals(1, simple.size());
        assertEquals(server.address(), simple.get(0).asString());
        JsonNode byKeyword = json(HttpCall.get(url("/v1/core/cluster/nodes")).param("keyword", "10.255.").send(), 200);
        assertEquals(0, byKeyword.path("data").size(), "the keyword is an address prefix");

        JsonNode leave = json(HttpCall.post(url("/v1/core/cluster/server/leave")).send(), 200);
        assertEquals(405, leave.path("code").asInt());
        assertTrue(leave.path("message").asString().contains("not allow"), leave.toString());
    }

    @Test
    void v2ClusterPathsAnswerInTheV2Envelope() {
        assertEquals(server.address(), v2(HttpCall.get(url("/v2/core/cluster/node/self")).send(), 200, 0)
                .path("address").asString());
        assertEquals("UP", v2(HttpCall.get(url("/v2/core/cluster/node/self/health")).send(), 200, 0).asString());
        assertEquals(1, v2(HttpCall.get(url("/v2/core/cluster/node/list")).param("state", "up").send(), 200, 0).size());
        assertEquals(0, v2(HttpCall.get(url("/v2/core/cluster/node/list")).param("state", "DOWN").send(), 200, 0).size());
        assertEquals(0, v2(HttpCall.get(url("/v2/core/cluster/node/list")).param("address", "10.255.").send(), 200, 0)
                .size());
        assertEquals("Illegal state: sleepy", v2(HttpCall.get(url("/v2/core/cluster/node/list"))
                .param("state", "sleepy").send(), 400, 23000).asString());

        assertEquals(true, v2(HttpCall.put(url("/v2/core/cluster/node/list"))
                .json("[{\"ip\":\"" + server.address().split(":")[0] + "\",\"port\":" + server.port() + "}]").send(),
                200, 0).asBoolean());
        v2(HttpCall.put(url("/v2/core/cluster/node/list")).json("[]").send(), 400, 10000);
        v2(HttpCall.put(url("/v2/core/cluster/node/list")).json("{not json").send(), 400, 20002);

        v2(HttpCall.put(url("/v2/core/cluster/lookup")).send(), 400, 10000);
        v2(HttpCall.put(url("/v2/core/cluster/lookup")).param("type", "file").send(), 400, 23000);

        JsonNode delete = json(HttpCall.delete(url("/v2/core/cluster/nodes")).param("addresses", "1.1.1.1:8848").send(),
                200);
        assertEquals(405, delete.path("code").asInt());
        assertEquals("UP", v2(HttpCall.get(url("/v2/core/cluster/node/self/health")).send(), 200, 0).asString(),
                "nothing changed");
    }

    @Test
    void v2OpsSetLogLevelsFromAJsonBody() {
        JsonNode done = json(HttpCall.put(url("/v2/core/ops/log"))
                .json("{\"logName\":\"config-server\",\"logLevel\":\"DEBUG\"}").send(), 200);
        assertEquals(200, done.path("code").asInt(), done.toString());
        json(HttpCall.put(url("/v2/core/ops/log")).json("{\"logName\":\"config-server\",\"logLevel\":\"INFO\"}").send(),
                200);
        assertEquals(400, HttpCall.put(url("/v2/core/ops/log")).json("{\"logName\":\"no-such-log\",\"logLevel\":\"INFO\"}")
                .send().statusCode());
        assertEquals(400, HttpCall.put(url("/v2/core/ops/log")).json("{\"logName\":\"config-server\"}").send()
                .statusCode());
        assertEquals(400, HttpCall.post(url("/v2/core/ops/raft")).json("{\"command\":\"doSnapshot\"}").send()
                .statusCode(), "the group is required");
        HttpResponse<String> noGroup = HttpCall.post(url("/v2/core/ops/raft"))
                .json("{\"groupId\":\"naming_persistent_service_v2\",\"command\":\"doSnapshot\"}").send();
        assertEquals(503, noGroup.statusCode(), "a standalone server runs no Raft group: " + noGroup.body());
        JsonNode ids = json(HttpCall.get(url("/v2/core/ops/ids")).send(), 200);
        assertEquals(200, ids.path("code").asInt());
        assertTrue(ids.path("data").isArray());
    }

    @Test
    void loaderShowsAndBalancesTheCluster() {
        JsonNode cluster = json(HttpCall.get(url("/v2/core/loader/cluster")).send(), 200);
        assertEquals(1, cluster.path("memberCount").asInt(), cluster.toString());
        assertEquals(1, cluster.path("metricsCount").asInt());
        assertTrue(cluster.path("completed").asBoolean());
        assertEquals(server.address(), cluster.path("detail").get(0).path("address").asString());
        assertTrue(cluster.path("detail").get(0).path("metric").has("sdkConCount"), cluster.toString());

        HttpResponse<String> reload = HttpCall.get(url("/v2/core/loader/smartReloadCluster")).send();
        assertEquals(200, reload.statusCode());
        assertEquals("Ok", reload.body());
        assertEquals(400, HttpCall.get(url("/v2/core/loader/smartReloadCluster")).param("loaderFactor", "lots")
                .send().statusCode());
    }

    @Test
    void v2ConsoleHealth() {
        assertEquals("ok", v2(HttpCall.get(url("/v2/console/health/liveness")).send(), 200, 0).asString());
        assertEquals("ok", v2(HttpCall.get(url("/v2/console/health/readiness")).send(), 200, 0).asString());
    }

    @Test
    void v2NamespacesRoundTripAndRefuseBadInput() {
        String namespaces = url("/v2/console/namespace");
        v2(HttpCall.post(namespaces).param("namespaceName", "no id").send(), 400, 10000);
        v2(HttpCall.post(namespaces).param("namespaceId", "v2-ns").send(), 400, 10000);
        v2(HttpCall.post(namespaces).param("namespaceId", "bad id!").param("namespaceName", "x").send(), 400, 22000);
        v2(HttpCall.post(namespaces).param("namespaceId", "v2-ns").param("namespaceName", "bad#name").send(), 400, 22000);
        v2(HttpCall.get(namespaces).param("namespaceId", "v2-ns").send(), 404, 22001);

        assertEquals(true, v2(HttpCall.post(namespaces).param("namespaceId", "v2-ns").param("namespaceName", "V2 NS")
                .param("namespaceDesc", "made by v2").send(), 200, 0).asBoolean());
        assertEquals("the namespaceId is existed, namespaceId: v2-ns", v2(HttpCall.post(namespaces)
                .param("namespaceId", "v2-ns").param("namespaceName", "again").send(), 400, 22000).asString());
        JsonNode one = v2(HttpCall.get(namespaces).param("namespaceId", "v2-ns").send(), 200, 0);
        assertEquals("V2 NS", one.path("namespaceShowName").asString());
        assertEquals("made by v2", one.path("namespaceDesc").asString());
        assertEquals(2, one.path("type").asInt());
        JsonNode list = v2(HttpCall.get(namespaces + "/list").send(), 200, 0);
        assertEquals("", list.get(0).path("namespace").asString(), "the public namespace comes first");
        assertTrue(list.toString().contains("\"v2-ns\""), list.toString());

        assertEquals(true, v2(HttpCall.put(namespaces).param("namespaceId", "v2-ns").param("namespaceName", "Renamed")
                .send(), 200, 0).asBoolean());
        assertEquals("Renamed", v2(HttpCall.get(namespaces).param("namespaceId", "v2-ns").send(), 200, 0)
                .path("namespaceShowName").asString());
        v2(HttpCall.put(namespaces).param("namespaceId", "v2-ns").send(), 400, 10000);

        assertEquals(true, v2(HttpCall.delete(namespaces).param("namespaceId", "v2-ns").send(), 200, 0).asBoolean());
        v2(HttpCall.get(namespaces).param("namespaceId", "v2-ns").send(), 404, 22001);
        v2(HttpCall.delete(namespaces).param("namespaceId", "v2-ns").send(), 404, 22001);
    }

    @Test
    void serverStateShowsEveryModule() throws Exception {
        JsonNode state = json(HttpCall.get(url("/v1/console/server/state")).send(), 200);
        assertEquals("standalone", state.path("startup_mode").asString());
        assertEquals("2.5.1", state.path("version").asString());
        assertEquals(String.valueOf(server.port()), state.path("server_port").asString());
        assertEquals("false", state.path("auth_enabled").asString());
        assertEquals("", state.path("datasource_platform").asString(), "the config module's states are there");
        assertEquals("30", state.path("config_retention_days").asString());
        assertEquals("false", state.path("isCapacityLimitCheck").asString());
        assertEquals("30", state.path("config_retention_days").asString());

        assertTrue(json(HttpCall.get(url("/v1/console/server/guide")).send(), 200).path("data").isNull());
        Path conf = Files.createDirectories(server.home().resolve("conf"));
        Files.writeString(conf.resolve("announcement_en-US.conf"), "maintenance at noon");
        assertEquals("maintenance at noon", json(HttpCall.get(url("/v1/console/server/announcement"))
                .param("language", "en-US").send(), 200).path("data").asString());
        assertEquals(400, HttpCall.get(url("/v1/console/server/announcement")).param("language", "../../etc/passwd")
                .send().statusCode());
    }
}
