package com.nacosx.tests;

import static com.nacosx.tests.CoreOpenApiTest.json;
import static com.nacosx.tests.CoreOpenApiTest.v2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigPublishRequest;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/cs/capacity} and quota enforcement on publish, on a server with
 * {@code isCapacityLimitCheck=true} and small default quotas: a publish over a quota or the size
 * limit is refused with the official code and changes nothing; raising the quota lets it through.
 */
class CapacityTest {

    static ServerProcess server;
    static String capacity;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone("isCapacityLimitCheck=true", "defaultGroupQuota=2",
                "defaultTenantQuota=5", "defaultClusterQuota=4", "defaultMaxSize=16");
        capacity = server.baseUrl() + "/v1/cs/capacity";
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpResponse<String> publish(String dataId, String group, String namespace, String content) {
        return HttpCall.post(server.baseUrl() + "/v2/cs/config").param("dataId", dataId).param("group", group)
                .param("namespaceId", namespace).param("content", content).send();
    }

    static JsonNode capacityOf(String field, String name) {
        JsonNode answer = json(HttpCall.get(capacity).param(field, name).send(), 200);
        assertEquals(200, answer.path("code").asInt());
        return answer.path("data");
    }

    @Test
    void quotasAndSizeAreEnforcedAndCanBeRaised() {
        v2(publish("q1", "Q", "", "one"), 200, 0);
        v2(publish("q2", "Q", "", "two"), 200, 0);
        assertTrue(v2(publish("q3", "Q", "", "three"), 400, 5032).asString().contains("Configuration limit exceeded"));
        v2(publish("q1", "Q", "", "one, changed"), 200, 0);
        v2(publish("q1", "Q", "", "far more than sixteen bytes"), 400, 5034);
        assertEquals("one, changed", v2(HttpCall.get(server.baseUrl() + "/v2/cs/config").param("dataId", "q1")
                .param("group", "Q").send(), 200, 0).asString(), "a refused publish changed nothing");

        JsonNode group = capacityOf("group", "Q");
        assertEquals("Q", group.path("group").asString());
        assertEquals(2, group.path("quota").asInt());
        assertEquals(2, group.path("usage").asInt());
        assertEquals(16, group.path("maxSize").asInt());

        JsonNode raised = json(HttpCall.post(capacity).param("group", "Q").param("quota", "3").send(), 200);
        assertEquals("successfully updated the capacity information configuration of group to Q",
                raised.path("message").asString());
        v2(publish("q3", "Q", "", "three"), 200, 0);
        JsonNode after = capacityOf("group", "Q");
        assertEquals(3, after.path("quota").asInt());
        assertEquals(3, after.path("usage").asInt());
        assertTrue(after.path("id").asLong() > 0);

        v2(publish("other", "R", "", "r"), 200, 0);
        v2(publish("more", "R", "", "r"), 400, 5031);
        assertEquals(4, capacityOf("group", "").path("usage").asInt(), "the empty group is the whole public namespace");
        assertEquals(4, capacityOf("tenant", "public").path("usage").asInt(),
                "a 3.x tool naming the public namespace 'public' sees the same capacity");
        json(HttpCall.post(capacity).param("tenant", "public").param("quota", "5").send(), 200);
        v2(publish("more", "R", "", "r"), 200, 0);
        assertEquals(5, capacityOf("group", "").path("quota").asInt(), "and raises the same quota");
    }

    @Test
    void overQuotaOverHttp1AndGrpc() {
        json(HttpCall.post(server.baseUrl() + "/v1/console/namespaces").param("customNamespaceId", "full")
                .param("namespaceName", "full").send(), 200);
        json(HttpCall.post(capacity).param("tenant", "full").param("quota", "1").send(), 200);
        v2(publish("f1", "FULL", "full", "f"), 200, 0);
        HttpResponse<String> refused = HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "f2")
                .param("group", "FULL").param("tenant", "full").param("content", "f").send();
        assertEquals(400, refused.statusCode(), "the official sends its errCode 5033 as the status, which clients reject");
        assertTrue(refused.body().contains("Configuration limit exceeded [group=FULL, namespaceId=full]."),
                refused.body());
        try (NacosGrpcClient grpc = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            ConfigPublishRequest request = new ConfigPublishRequest();
            request.dataId = "f3";
            request.group = "FULL";
            request.tenant = "full";
            request.content = "f";
            Response answer = grpc.requestNow(request);
            assertFalse(answer.isSuccess());
            assertEquals(5033, answer.errorCode, "gRPC carries the official code");
        }
    }

    @Test
    void namespaceQuota() {
        json(HttpCall.post(server.baseUrl() + "/v1/console/namespaces").param("customNamespaceId", "tq")
                .param("namespaceName", "tq").send(), 200);
        json(HttpCall.post(capacity).param("tenant", "tq").param("quota", "1").send(), 200);
        v2(publish("t1", "ANY", "tq", "t"), 200, 0);
        v2(publish("t2", "ANY", "tq", "t"), 400, 5033);
        JsonNode tenant = capacityOf("tenant", "tq");
        assertEquals("tq", tenant.path("tenant").asString());
        assertEquals(1, tenant.path("usage").asInt());
    }

    @Test
    void badCapacityRequestsAreRefused() {
        assertEquals(400, HttpCall.get(capacity).send().statusCode());
        assertEquals(400, HttpCall.get(capacity).param("tenant", " ").send().statusCode());
        HttpResponse<String> noLimits = HttpCall.post(capacity).param("group", "Q").send();
        assertEquals(400, noLimits.statusCode());
        assertTrue(noLimits.body().contains("cannot be empty at the same time"), noLimits.body());
        assertEquals(400, HttpCall.post(capacity).param("quota", "3").send().statusCode());
        assertEquals(400, HttpCall.post(capacity).param("group", "Q").param("quota", "-1").send().statusCode());
        assertEquals(400, HttpCall.post(capacity).param("group", "Q").param("quota", "lots").send().statusCode());
    }
}
