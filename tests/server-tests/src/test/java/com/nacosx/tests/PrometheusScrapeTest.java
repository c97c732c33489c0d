package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.PrometheusServer;
import com.nacosx.testsupport.ServerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * A real Prometheus (Debian's package) scrapes a real server every second and discovers targets
 * through the server's service-discovery endpoint; PromQL over what it stored gives what was
 * done, and every query of the shipped Grafana dashboard runs and returns data.
 */
class PrometheusScrapeTest {

    static ServerProcess server;
    static PrometheusServer prometheus;

    @BeforeAll
    static void start() throws Exception {
        server = ServerProcess.startStandalone();
        String nacos = "127.0.0.1:" + server.port();
        prometheus = PrometheusServer.start(""
                + "  - job_name: nacos\n"
                + "    metrics_path: /nacos/actuator/prometheus\n"
                + "    static_configs:\n"
                + "      - targets: ['" + nacos + "']\n"
                + "  - job_name: nacos-sd\n"
                + "    http_sd_configs:\n"
                + "      - url: http://" + nacos + "/nacos/prometheus/namespaceId/public/service/scraped-app\n"
                + "        refresh_interval: 1s\n");
    }

    @AfterAll
    static void stop() {
        if (prometheus != null) {
            prometheus.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void promqlOverTheScrapeGivesWhatWasDone() throws Exception {
        for (int i = 0; i < 7; i++) {
            assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "scraped-" + i)
                    .param("group", "PROM").param("content", "v").send().statusCode());
        }
        Await.until(10_000, () -> prometheus.value("nacos_monitor{job=\"nacos\",module=\"config\",name=\"configCount\"}") == 7,
                "Prometheus to store configCount 7");
        Await.until(10_000, () -> prometheus.value("sum(http_server_requests_seconds_count{job=\"nacos\",method=\"POST\","
                + "uri=\"/v1/cs/configs\",status=\"200\"})") == 7, "Prometheus to store the 7 publishes");
        assertEquals(1, prometheus.value("up{job=\"nacos\"}"));
    }

    @Test
    void prometheusDiscoversTheRegisteredInstances() throws Exception {
        for (int i = 1; i <= 3; i++) {
            assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/ns/instance").param("serviceName", "scraped-app")
                    .param("ip", "127.0.0." + (100 + i)).param("port", "9")
                    .param("metadata", "{\"app.tier\":\"web\"}").send().statusCode());
        }
        Await.until(15_000, () -> prometheus.value("count(up{job=\"nacos-sd\"})") == 3,
                "Prometheus to discover the 3 instances");
        assertEquals(3, prometheus.value("count(up{job=\"nacos-sd\",app_tier=\"web\"})"),
                "the instance metadata became target labels");
    }

    @Test
    void everyDashboardPanelShowsData() throws Exception {
        JsonNode panels = JsonMapper.builder().build().readTree(Files.readString(
                Path.of(System.getProperty("nacosx.conf.dir"), "nacos-grafana.json"))).path("panels");
        assertTrue(panels.size() >= 20, "the dashboard has its panels: " + panels.size());
        makeTrafficOfEveryKind();
        // Until Prometheus holds two scrapes of every series the traffic made, so that rate() has two points.
        List<String> empty = new ArrayList<>();
        try {
            Await.until(20_000, () -> {
                empty.clear();
                empty.addAll(panelsWithoutData(panels));
                return empty.isEmpty();
            }, "every dashboard panel to show data");
        } catch (AssertionError e) {
            throw new AssertionError("dashboard panels without data: " + empty, e);
        }
    }

    static List<String> panelsWithoutData(JsonNode panels) {
        List<String> empty = new ArrayList<>();
        for (JsonNode panel : panels) {
            boolean shows = false;
            for (JsonNode target : panel.path("targets")) {
                shows |= !prometheus.query(target.path("expr").asString()).isEmpty();
            }
            String title = panel.path("title").asString();
            // A standalone node has no Raft group, and a fresh one may not have collected garbage yet.
            if (!shows && !title.startsWith("Raft") && !title.startsWith("GC")) {
                empty.add(title);
            }
        }
        return empty;
    }

    /** Publishes, reads, a refused read, a gRPC request and a config push acked by its listener. */
    static void makeTrafficOfEveryKind() throws Exception {
        BlockingQueue<ServerRequest> pushes = new LinkedBlockingQueue<>();
        NacosGrpcClient client = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), null, null, pushes::add);
        try {
            client.setUp(Map.of()).join();
            assertTrue(client.requestNow(GrpcProtocolTest.listen(true, "PROM", "dash-0", "")).isSuccess());
            for (int i = 0; i < 3; i++) {
                assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "dash-" + i)
                        .param("group", "PROM").param("content", "v" + i).send().statusCode());
                assertEquals(200, HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "dash-" + i)
                        .param("group", "PROM").send().statusCode());
                assertEquals(400, HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "bad id")
                        .param("group", "PROM").send().statusCode());
            }
            assertTrue(GrpcProtocolTest.pollPush(pushes) instanceof ConfigChangeNotifyRequest);
        } finally {
            client.close();
        }
    }
}
