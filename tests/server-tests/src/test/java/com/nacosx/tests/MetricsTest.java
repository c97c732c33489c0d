package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.api.remote.naming.NotifySubscriberRequest;
import com.nacosx.api.remote.naming.SubscribeServiceRequest;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.ConfigRequests;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.MetricsScrape;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.NamingRequests;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The metrics endpoint, the Prometheus service discovery, the access log and the log levels of a
 * real server process: each counter moves by exactly what the test did.
 */
class MetricsTest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone("server.tomcat.accesslog.enabled=true");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpResponse<String> publishOverHttp(String dataId, String content) {
        return HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", "METRICS")
                .param("content", content).send();
    }

    @Test
    void requestCountersMoveByExactlyWhatWasDone() {
        MetricsScrape before = MetricsScrape.of(server);
        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            for (int i = 0; i < 5; i++) {
                assertEquals(200, publishOverHttp("counted-http-" + i, "v").statusCode());
            }
            for (int i = 0; i < 3; i++) {
                assertTrue(client.requestNow(ConfigRequests.publish("counted-grpc-" + i, "METRICS", "v")).isSuccess());
            }
            for (int i = 0; i < 4; i++) {
                assertEquals(200, HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "counted-http-" + i)
                        .param("group", "METRICS").send().statusCode());
            }
            for (int i = 0; i < 2; i++) {
                assertTrue(client.requestNow(ConfigRequests.query("counted-grpc-" + i, "METRICS")).isSuccess());
            }
            assertEquals(400, publishOverHttp("bad data id", "v").statusCode());
            Response refused = client.requestNow(ConfigRequests.publish("counted-grpc-empty", "METRICS", ""));
            assertFalse(refused.isSuccess());
        }
        MetricsScrape after = MetricsScrape.of(server);

        assertEquals(5, delta(before, after, "http_server_requests_seconds_count", "method", "POST",
                "uri", "/v1/cs/configs", "status", "200"));
        assertEquals(1, delta(before, after, "http_server_requests_seconds_count", "method", "POST",
                "uri", "/v1/cs/configs", "status", "400", "outcome", "CLIENT_ERROR"));
        assertEquals(4, delta(before, after, "http_server_requests_seconds_count", "method", "GET",
                "uri", "/v1/cs/configs", "status", "200"));
        assertEquals(3, delta(before, after, "grpc_server_requests_seconds_count",
                "requestClass", "ConfigPublishRequest", "success", "true", "module", "config"));
        assertEquals(1, delta(before, after, "grpc_server_requests_seconds_count",
                "requestClass", "ConfigPublishRequest", "success", "false"));
        assertEquals(2, delta(before, after, "grpc_server_requests_seconds_count",
                "requestClass", "ConfigQueryRequest", "success", "true"));
        assertEquals(8, delta(before, after, "nacos_monitor", "module", "config", "name", "publish"),
                "refused publishes are not counted");
        assertEquals(6, delta(before, after, "nacos_monitor", "module", "config", "name", "getConfig"));
        assertEquals(8, delta(before, after, "nacos_monitor", "module", "config", "name", "configCount"));
        assertEquals(2, delta(before, after, "nacos_exception_total", "module", "config", "name", "illegalArgument"));
        assertEquals(6, delta(before, after, "nacos_timer_seconds_count", "module", "config", "name", "readConfigRt"));
        assertEquals(8, delta(before, after, "nacos_timer_seconds_count", "module", "config", "name", "writeConfigRt"));
        // Latency histograms: every request lands in the +Inf bucket, and in the bucket of its time.
        assertEquals(3, delta(before, after, "grpc_server_requests_seconds_bucket",
                "requestClass", "ConfigPublishRequest", "success", "true", "le", "+Inf"));
        assertTrue(after.has("http_server_requests_seconds_bucket", "uri", "/v1/cs/configs", "le", "0.001"));
    }

    static double delta(MetricsScrape before, MetricsScrape after, String name, String... labels) {
        return after.sum(name, labels) - before.sum(name, labels);
    }

    @Test
    void configPushesAreCountedOnceAcked() throws Exception {
        assertEquals(200, publishOverHttp("pushed.txt", "v1").statusCode());
        BlockingQueue<ServerRequest> pushes = new LinkedBlockingQueue<>();
        NacosGrpcClient client = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), null, null, pushes::add);
        try {
            client.setUp(Map.of("module", "config")).join();
            assertTrue(client.requestNow(GrpcProtocolTest.listen(true, "METRICS", "pushed.txt", "")).isSuccess());
            MetricsScrape before = MetricsScrape.of(server);
            assertEquals(1, before.sum("nacos_config_subscriber", "version", "v2"));
            assertTrue(before.sum("nacos_monitor", "module", "config", "name", "longConnection") >= 1);

            assertEquals(200, publishOverHttp("pushed.txt", "v2").statusCode());
            assertInstanceOf(ConfigChangeNotifyRequest.class, GrpcProtocolTest.pollPush(pushes));
            Await.until(2000, () -> delta(before, MetricsScrape.of(server), "nacos_push_seconds_count",
                    "module", "config", "result", "success") >= 1, "the acked push counted");
            MetricsScrape after = MetricsScrape.of(server);
            assertEquals(1, delta(before, after, "nacos_push_seconds_count", "module", "config",
                    "type", "ConfigChangeNotifyRequest", "result", "success"));
            assertEquals(0, delta(before, after, "nacos_push_seconds_count", "module", "config", "result", "failure"));
            assertEquals(1, delta(before, after, "nacos_timer_seconds_count", "module", "config", "name", "notifyRt"));
        } finally {
            client.close();
        }
    }

    @Test
    void namingGaugesAndPushesFollowTheRegistry() throws Exception {
        MetricsScrape before = MetricsScrape.of(server);
        BlockingQueue<ServerRequest> pushes = new LinkedBlockingQueue<>();
        NacosGrpcClient subscriber = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), null, null, pushes::add);
        try (NacosGrpcClient publisher = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            subscriber.setUp(Map.of("module", "naming")).join();
            SubscribeServiceRequest subscribe = new SubscribeServiceRequest();
            subscribe.namespace = "public";
            subscribe.groupName = "DEFAULT_GROUP";
            subscribe.serviceName = "metered";
            subscribe.clusters = "";
            subscribe.subscribe = true;
            assertTrue(subscriber.requestNow(subscribe).isSuccess());
            // A 2.x client holds one instance per service: the second register replaces the first.
            assertTrue(publisher.requestNow(NamingRequests.register("public", "metered", "10.1.0.1", Map.of())).isSuccess());
            assertTrue(publisher.requestNow(NamingRequests.register("public", "metered", "10.1.0.2", Map.of())).isSuccess());
            assertTrue(publisher.requestNow(NamingRequests.register("public", "other", "10.1.0.3", Map.of())).isSuccess());

            List<ServerRequest> received = new ArrayList<>();
            received.add(GrpcProtocolTest.pollPush(pushes));
            assertInstanceOf(NotifySubscriberRequest.class, received.get(0));
            // The second register may be pushed on its own, a moment after the first push.
            Await.until(3000, () -> {
                pushes.drainTo(received);
                return delta(before, MetricsScrape.of(server), "nacos_monitor", "module", "naming", "name",
                        "totalPush") >= received.size();
            }, "every push received counted as acked");
            MetricsScrape after = MetricsScrape.of(server);
            double acked = delta(before, after, "nacos_push_seconds_count", "module", "naming", "result", "success");
            assertEquals(acked, delta(before, after, "nacos_monitor", "module", "naming", "name", "totalPush"),
                    "totalPush counts the acked pushes");
            assertTrue(acked >= 1 && acked <= 2, "one push, or two if the second register came after the first push");
            assertEquals(1, delta(before, after, "grpc_server_requests_seconds_count", "requestClass",
                    "SubscribeServiceRequest", "success", "true"));
            assertEquals(0, delta(before, after, "nacos_monitor", "module", "naming", "name", "failedPush"));
            assertEquals(2, delta(before, after, "nacos_monitor", "module", "naming", "name", "serviceCount"));
            assertEquals(2, delta(before, after, "nacos_monitor", "module", "naming", "name", "ipCount"));
            assertEquals(2, delta(before, after, "nacos_monitor", "module", "naming", "name", "pubServiceCount"));
            assertEquals(1, delta(before, after, "nacos_naming_publisher", "version", "v2"));
            assertEquals(1, after.sum("nacos_monitor", "module", "naming", "name", "subscriberCount"));
            assertEquals(1, after.sum("nacos_monitor", "module", "naming", "name", "subServiceCount"));
            assertEquals(1, after.sum("nacos_naming_subscriber", "version", "v2"));
            assertEquals(1, after.sum("nacos_monitor", "module", "naming", "name", "leaderStatus"));
            assertTrue(after.sum("nacos_monitor", "module", "naming", "name", "avgPushCost") > 0);
            assertTrue(after.sum("nacos_monitor", "module", "naming", "name", "longConnection") >= 1);
            assertEquals(3, delta(before, after, "grpc_server_requests_seconds_count",
                    "requestClass", "InstanceRequest", "module", "naming", "success", "true"));
        } finally {
            subscriber.close();
        }
    }

    @Test
    void jvmAndProcessMetersAreThere() {
        MetricsScrape scrape = MetricsScrape.of(server);
        assertTrue(scrape.sum("jvm_memory_used_bytes", "area", "heap") > 0);
        assertTrue(scrape.has("jvm_gc_pause_seconds_count") || scrape.has("jvm_gc_memory_allocated_bytes_total"));
        assertTrue(scrape.sum("jvm_threads_live_threads") > 0);
        assertTrue(scrape.sum("process_uptime_seconds") > 0);
        assertTrue(scrape.has("process_cpu_usage"));
        assertTrue(scrape.sum("process_files_open_files") > 0);
        assertEquals(0, scrape.sum("nacos_load_running", "task", "config-cache"), "the start-up load is over");
    }

    @Test
    void prometheusDiscoveryListsInstancesWithTheirMetadataAsLabels() throws Exception {
        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            assertTrue(client.requestNow(NamingRequests.register("public", "scraped", "10.2.0.1",
                    Map.of("app.name", "shop", "metrics-path", "/metrics"))).isSuccess());
            HttpResponse<String> created = HttpCall.post(server.baseUrl() + "/v1/console/namespaces")
                    .param("customNamespaceId", "sd-ns").param("namespaceName", "sd-ns").send();
            assertEquals(200, created.statusCode(), created.body());
            assertTrue(client.requestNow(NamingRequests.register("sd-ns", "scraped", "10.2.0.2", Map.of())).isSuccess());
            assertTrue(client.requestNow(NamingRequests.register("sd-ns", "unscraped", "10.2.0.3", Map.of())).isSuccess());

            JsonNode all = sd("/prometheus");
            assertTrue(targets(all).contains("10.2.0.1:8080") && targets(all).contains("10.2.0.2:8080")
                    && targets(all).contains("10.2.0.3:8080"), all.toString());
            JsonNode namespace = sd("/prometheus/namespaceId/sd-ns");
            assertEquals(2, namespace.size(), namespace.toString());
            JsonNode service = sd("/prometheus/namespaceId/public/service/scraped");
            assertEquals(1, service.size(), service.toString());
            JsonNode target = service.get(0);
            assertEquals("10.2.0.1:8080", target.path("targets").get(0).asString());
            assertEquals("DEFAULT", target.path("labels").path("__meta_clusterName").asString());
            assertEquals("shop", target.path("labels").path("app_name").asString());
            assertEquals("/metrics", target.path("labels").path("metrics_path").asString());
            assertEquals(0, sd("/prometheus/namespaceId/no-such-namespace").size());
            assertEquals(0, sd("/prometheus/namespaceId/public/service/no-such-service").size());
        }
    }

    static JsonNode sd(String path) {
        return sdOf(server, path);
    }

    static JsonNode sdOf(ServerProcess server, String path) {
        HttpResponse<String> response = HttpCall.get(server.baseUrl() + path).send();
        assertEquals(200, response.statusCode(), response.body());
        return JSON.readTree(response.body());
    }

    static String targets(JsonNode groups) {
        StringBuilder all = new StringBuilder();
        groups.forEach(group -> group.path("targets").forEach(target -> all.append(target.asString()).append(' ')));
        return all.toString();
    }

    @Test
    void accessLogFollowsItsLevelAndBadLogNamesAreRefused() throws Exception {
        HttpCall.get(server.baseUrl() + "/v1/console/health/liveness").param("probe", "logged").send();
        Await.until(2000, () -> server.log("access_log.log").contains("GET /nacos/v1/console/health/liveness?probe=logged HTTP/1.1\" 200"),
                "the request in access_log.log");

        HttpResponse<String> unknown = HttpCall.put(server.baseUrl() + "/v1/core/ops/log").param("logName", "no-such-log")
                .param("logLevel", "INFO").send();
        assertEquals(400, unknown.statusCode());
        assertTrue(unknown.body().contains("naming-push"), "the answer lists the logs there are: " + unknown.body());
        HttpResponse<String> badLevel = HttpCall.put(server.baseUrl() + "/v1/ns/ops/log").param("logName", "access")
                .param("logLevel", "LOUD").send();
        assertEquals(400, badLevel.statusCode());
        assertTrue(badLevel.body().contains("WARN"), badLevel.body());

        HttpResponse<String> off = HttpCall.put(server.baseUrl() + "/v1/cs/ops/log").param("logName", "access")
                .param("logLevel", "off").send();
        assertEquals(200, off.statusCode(), off.body());
        HttpCall.get(server.baseUrl() + "/v1/console/health/liveness").param("probe", "silenced").send();
        assertEquals(200, HttpCall.put(server.baseUrl() + "/v1/core/ops/log").param("logName", "access")
                .param("logLevel", "INFO").send().statusCode());
        HttpCall.get(server.baseUrl() + "/v1/console/health/liveness").param("probe", "back").send();
        Await.until(2000, () -> server.log("access_log.log").contains("probe=back"), "logging again after INFO");
        assertFalse(server.log("access_log.log").contains("probe=silenced"), "nothing was logged while the level was OFF");
        assertTrue(server.log("nacos.log").contains("log access (com.nacosx.access) set to OFF"));

        for (int i = 0; i < 500; i++) {
            HttpCall.get(server.baseUrl() + "/v1/console/health/liveness").param("burst", String.valueOf(i)).send();
        }
        Await.until(3000, () -> server.log("access_log.log").lines().filter(line -> line.contains("?burst=")).count() == 500,
                "every request of a burst in access_log.log, one line each");
        assertEquals(0, MetricsScrape.of(server).sum("nacos_access_log_dropped_total"));
    }

    @Test
    void theStartUpLoadIsInTheLogAndTheMetrics() {
        String log = server.log("nacos.log");
        assertTrue(log.contains("loading the config table into the cache"), "nacos.log says the load began");
        assertTrue(log.contains("loaded the config table into the cache"), "nacos.log says the load ended");
        MetricsScrape scrape = MetricsScrape.of(server);
        assertEquals(scrape.sum("nacos_load_items", "task", "config-cache"),
                scrape.sum("nacos_load_done", "task", "config-cache"));
    }
}
