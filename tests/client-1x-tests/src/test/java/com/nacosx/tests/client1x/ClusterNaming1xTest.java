package com.nacosx.tests.client1x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.nacosx.testsupport.GhostWatch;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.NamingRequests;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The official 1.4.8 client against three nodes: it sends each call to a random node, so its
 * beats land everywhere; they reach the instance's responsible node, which keeps it alive, and
 * every node lists it. A node answers a beat of an instance another node is responsible for from
 * its own copy, and passes the beat on after.
 */
// Each test has a service and addresses of its own; most of their time is spent waiting out
// the 1.x beat and delete timeouts, which they can do side by side.
@Execution(ExecutionMode.CONCURRENT)
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

    /**
     * The shutdown of a 1.x application, 200 times, through each node in turn: register, wait until
     * every node lists it (as a client's first beat comes 5 s later), one full beat and the
     * deregister. The beat is answered by a node that is not responsible for the instance two
     * times in three, and reaches the responsible node after the deregister did: it must not bring
     * the instance back on any node, not at once and not 20 s later.
     */
    @Test
    void aBeatAnsweredBeforeTheDeregisterNeverBringsTheInstanceBack() throws Exception {
        String service = "write-order";
        String ip = "127.0.0.83";
        try (GhostWatch watch = GhostWatch.start(nodes, service)) {
            GhostWatch.inLanes(200, 4, (round, lane) -> {
                ServerProcess entry = nodes.get(round % nodes.size());
                int port = 10_000 + round;
                assertEquals("ok", HttpCall.post(entry.baseUrl() + "/v1/ns/instance").param("serviceName", service)
                        .param("ip", ip).param("port", String.valueOf(port)).send().body());
                watch.awaitListedEverywhere(ip, port);
                assertEquals(10200, JSON.readTree(HttpCall.put(entry.baseUrl() + "/v1/ns/instance/beat")
                        .param("serviceName", "DEFAULT_GROUP@@" + service)
                        .param("beat", NamingRequests.oneXBeat(ip, port, service)).send().body()).get("code").asInt());
                assertEquals("ok", HttpCall.delete(entry.baseUrl() + "/v1/ns/instance").param("serviceName", service)
                        .param("ip", ip).param("port", String.valueOf(port)).send().body());
                watch.deregistered(ip, port, 1_000);
            });
            watch.holdFor(20_000);
            assertEquals(Map.of(), watch.ghosts(), "instances listed again after their deregistration");
        }
    }

    /**
     * Applications on the official client that deregister and shut down, as Spring Cloud does at a
     * graceful stop, while their beats (every second here) land on every node: none is listed again.
     */
    @Test
    void applicationsThatDeregisterAndShutDownLeaveNoGhost() throws Exception {
        String service = "graceful-stop";
        String ip = "127.0.0.84";
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, String.join(",", nodes.stream().map(ServerProcess::address)
                .toList()));
        try (GhostWatch watch = GhostWatch.start(nodes, service)) {
            for (int round = 0; round < 2; round++) {
                List<Integer> ports = IntStream.range(11_000 + 10 * round, 11_008 + 10 * round).boxed().toList();
                Map<Integer, NamingService> clients = new LinkedHashMap<>();
                for (int port : ports) {
                    NamingService client = NacosFactory.createNamingService(properties);
                    clients.put(port, client);
                    Instance instance = new Instance();
                    instance.setIp(ip);
                    instance.setPort(port);
                    instance.setMetadata(Map.of("preserved.heart.beat.interval", "1000"));
                    client.registerInstance(service, instance);
                }
                for (int port : ports) {
                    watch.awaitListedEverywhere(ip, port);
                }
                // Each client beats a few times, to random nodes.
                Thread.sleep(3_000);
                clients.entrySet().parallelStream().forEach(stopping -> {
                    try {
                        stopping.getValue().deregisterInstance(service, ip, stopping.getKey());
                        stopping.getValue().shutDown();
                    } catch (NacosException e) {
                        throw new IllegalStateException(e);
                    }
                });
                for (int port : ports) {
                    watch.deregistered(ip, port, 1_000);
                }
            }
            watch.holdFor(20_000);
            assertEquals(Map.of(), watch.ghosts(), "instances listed again after their deregistration");
        }
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
