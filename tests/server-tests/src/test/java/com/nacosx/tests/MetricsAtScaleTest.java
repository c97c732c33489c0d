package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.testsupport.ConfigRequests;
import com.nacosx.testsupport.MetricsScrape;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.NamingRequests;
import com.nacosx.testsupport.ServerProcess;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The metrics and discovery endpoints of a server holding 100,000 configs and 10,000 services:
 * they answer with the right counts, a scrape holds no series per config or service, and the
 * restart's load of the config table is reported item by item.
 */
class MetricsAtScaleTest {

    static final int CONFIGS = 100_000;
    static final int SERVICES = 10_000;
    static final int IN_FLIGHT = 64;

    static ServerProcess server;
    static MetricsScrape empty;

    @BeforeAll
    static void fill() throws Exception {
        server = ServerProcess.startStandalone();
        empty = MetricsScrape.of(server);
        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            send(client, CONFIGS, i -> ConfigRequests.publish("scale-" + i, "METRICS", "content of " + i));
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Sends {@code count} requests, {@link #IN_FLIGHT} at a time on one connection, as an application does. */
    static void send(NacosGrpcClient client, int count, IntFunction<Request> request) throws InterruptedException {
        Semaphore window = new Semaphore(IN_FLIGHT);
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < count; i++) {
            window.acquire();
            client.request(request.apply(i)).whenComplete((Response response, Throwable error) -> {
                if (error != null || !response.isSuccess()) {
                    failures.add(error != null ? error.toString() : response.message);
                }
                window.release();
            });
        }
        window.acquire(IN_FLIGHT);
        assertTrue(failures.isEmpty(), failures.size() + " requests failed, the first: " + failures.peek());
    }

    @Test
    void theEndpointsAnswerForAHundredThousandConfigsAndTenThousandServices() throws Exception {
        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            send(client, SERVICES, i -> NamingRequests.register("public", "scale-svc-" + i, "10.9."
                    + (i / 250) + "." + (i % 250 + 1), Map.of("index", String.valueOf(i))));
            MetricsScrape full = MetricsScrape.of(server);
            assertEquals(CONFIGS, full.sum("nacos_monitor", "module", "config", "name", "configCount"));
            assertEquals(SERVICES, full.sum("nacos_monitor", "module", "naming", "name", "serviceCount"));
            assertEquals(SERVICES, full.sum("nacos_monitor", "module", "naming", "name", "ipCount"));
            assertEquals(CONFIGS, full.sum("grpc_server_requests_seconds_count", "requestClass", "ConfigPublishRequest",
                    "success", "true"));
            assertTrue(full.size() < empty.size() + 300, "a scrape holds no series per config or service: "
                    + empty.size() + " samples empty, " + full.size() + " full");
            assertEquals(SERVICES, MetricsTest.sdOf(server, "/prometheus").size());
            assertEquals(1, MetricsTest.sdOf(server, "/prometheus/namespaceId/public/service/scale-svc-9999").size());
        }
    }

    @Test
    void aRestartReportsTheLoadOfTheConfigTable() throws Exception {
        server.restart();
        MetricsScrape scrape = MetricsScrape.of(server);
        assertEquals(CONFIGS, scrape.sum("nacos_load_items", "task", "config-cache"));
        assertEquals(CONFIGS, scrape.sum("nacos_load_done", "task", "config-cache"));
        assertEquals(0, scrape.sum("nacos_load_running", "task", "config-cache"));
        assertEquals(CONFIGS, scrape.sum("nacos_monitor", "module", "config", "name", "configCount"));
        String log = server.log("nacos.log");
        assertTrue(log.contains("loading the config table into the cache: " + CONFIGS + " items"), "the start of the load");
        assertTrue(log.contains("loaded the config table into the cache: " + CONFIGS + " items"), "the end of the load");
    }
}
