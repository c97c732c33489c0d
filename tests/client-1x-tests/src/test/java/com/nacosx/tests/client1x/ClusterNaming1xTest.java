package com.nacosx.tests.client1x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.naming.NamingService;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The official 1.4.8 client against three nodes: it sends each call to a random node, so its
 * beats land everywhere; they reach the instance's responsible node, which keeps it alive, and
 * every node lists it. A node answers a beat of an instance another node is responsible for from
 * its own copy, and passes the beat on after.
 */
class ClusterNaming1xTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final List<ServerProcess> nodes = new ArrayList<>();

    @BeforeAll
    static void start() throws InterruptedException {
        System.setProperty("com.alibaba.nacos.client.naming.local.ip", "127.0.0.1");
        nodes.addAll(LocalCluster.start(3));
        // Clients start once the members agree on each other, as after a real cluster's start.
        LocalCluster.awaitAllUp(nodes);
    }

    @AfterAll
    static void stop() {
        nodes.forEach(ServerProcess::close);
    }

    /**
     * Twelve instances, of which the other two nodes are responsible for about eight, beaten only
     * through the first node, past their own 3 s beat timeout: each stays healthy on every node.
     */
    @Test
    void beatsAnsweredByANodeThatIsNotResponsibleReachTheNodeThatIs() throws Exception {
        ServerProcess entry = nodes.get(0);
        String metadata = "{\"preserved.heart.beat.timeout\":\"3000\",\"preserved.heart.beat.interval\":\"1000\"}";
        List<Integer> ports = IntStream.range(9000, 9012).boxed().toList();
        for (int port : ports) {
            assertEquals(200, HttpCall.post(entry.baseUrl() + "/v1/ns/instance").param("serviceName", "passed-beats")
                    .param("ip", "127.0.0.82").param("port", String.valueOf(port)).param("metadata", metadata)
                    .send().statusCode());
        }
        long until = System.currentTimeMillis() + 12_000;
        while (System.currentTimeMillis() < until) {
            for (int port : ports) {
                JsonNode answer = JSON.readTree(beat(entry, port).body());
                assertEquals(10200, answer.get("code").asInt(), "the instance is known: " + answer);
                assertTrue(answer.get("clientBeatInterval").asLong() <= 1000, "its own interval: " + answer);
            }
            Thread.sleep(1000);
        }
        for (ServerProcess node : nodes) {
            JsonNode hosts = healthyHosts(node, "passed-beats");
            assertEquals(ports.size(), hosts.size(), "node " + node.port() + " lists every instance healthy: " + hosts);
        }
        assertEquals(20404, JSON.readTree(beat(entry, 9099).body()).get("code").asInt(),
                "an instance no node knows is answered unknown, wherever it would be served");
    }

    static JsonNode healthyHosts(ServerProcess node, String service) {
        return JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/instance/list").param("serviceName", service)
                .param("healthyOnly", "true").send().body()).get("hosts");
    }

    static HttpResponse<String> beat(ServerProcess node, int port) {
        return HttpCall.put(node.baseUrl() + "/v1/ns/instance/beat").param("serviceName", "passed-beats")
                .param("ip", "127.0.0.82").param("port", String.valueOf(port)).send();
    }

    @Test
    void beatsThroughAnyNodeKeepTheInstanceAliveEverywhere() throws Exception {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, String.join(",", nodes.stream().map(ServerProcess::address)
                .toList()));
        NamingService client = NacosFactory.createNamingService(properties);
        try {
            client.registerInstance("legacy-cluster", "127.0.0.81", 8080);
            // Past the 15 s heartbeat timeout: only beats that reach the responsible node keep it healthy.
            Thread.sleep(20_000);
            for (ServerProcess node : nodes) {
                JsonNode hosts = healthyHosts(node, "legacy-cluster");
                assertEquals(1, hosts.size(), "node " + node.port() + " lists the healthy instance: " + hosts);
                assertTrue(hosts.get(0).get("healthy").asBoolean());
            }
        } finally {
            client.shutDown();
        }
    }
}
