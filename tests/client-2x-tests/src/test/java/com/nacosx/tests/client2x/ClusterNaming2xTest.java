package com.nacosx.tests.client2x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.GhostWatch;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.ServerProcess;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Three real nodes on loopback with embedded storage; the official 2.5.1 client. Ephemeral
 * instances registered through one node are seen through the others (Distro), and a client whose
 * node is killed fails over and keeps its instance registered.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterNaming2xTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final List<ServerProcess> nodes = new ArrayList<>();

    @BeforeAll
    static void start() throws InterruptedException {
        nodes.addAll(LocalCluster.start(3));
        // Clients start once the members agree on each other, as after a real cluster's start.
        LocalCluster.awaitAllUp(nodes);
    }

    @AfterAll
    static void stop() {
        nodes.forEach(ServerProcess::close);
    }

    static NamingService clientOf(String serverList) throws NacosException {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, serverList);
        return NacosFactory.createNamingService(properties);
    }

    static Set<String> listedBy(ServerProcess node, String service) {
        JsonNode view = JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/instance/list")
                .param("serviceName", service).send().body());
        Set<String> ips = new HashSet<>();
        view.get("hosts").forEach(host -> ips.add(host.get("ip").asString()));
        return ips;
    }

    @Test
    @Order(1)
    void instanceRegisteredThroughOneNodeIsSeenThroughTheOthers() throws Exception {
        NamingService onA = clientOf(nodes.get(0).address());
        NamingService onB = clientOf(nodes.get(1).address());
        try {
            onA.registerInstance("spread", "127.0.0.51", 8080);
            long registered = System.currentTimeMillis();
            Await.until(2000, () -> {
                try {
                    return onB.getAllInstances("spread", false).size() == 1;
                } catch (NacosException e) {
                    return false;
                }
            }, "a client of node B sees the instance registered through node A");
            assertTrue(System.currentTimeMillis() - registered < 2000);
            Await.until(2000, () -> listedBy(nodes.get(2), "spread").contains("127.0.0.51"), "node C lists it");

            onA.shutDown();
            Await.until(5000, () -> listedBy(nodes.get(1), "spread").isEmpty(),
                    "the instance goes everywhere when its client goes");
        } finally {
            onB.shutDown();
        }
    }

    @Test
    @Order(2)
    void oneXInstanceWritesReachItsResponsibleNodeWhereverTheyLand() throws Exception {
        for (int i = 0; i < nodes.size(); i++) {
            assertEquals(200, HttpCall.post(nodes.get(0).baseUrl() + "/v1/ns/instance").param("serviceName", "legacy")
                    .param("ip", "127.0.0.6" + i).param("port", "80").send().statusCode(), "registered through node A");
        }
        for (ServerProcess node : nodes) {
            Await.until(2000, () -> listedBy(node, "legacy").size() == 3, "node " + node.port() + " lists all three");
        }
        Map<Integer, Integer> expectedOwned = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            String responsible = JSON.readTree(HttpCall.get(nodes.get(i).baseUrl() + "/v1/ns/operator/distro/client")
                    .param("ip", "127.0.0.6" + i).param("port", "80").send().body()).get("responsibleServer").asString();
            expectedOwned.merge(Integer.parseInt(responsible.substring(responsible.indexOf(':') + 1)), 1, Integer::sum);
        }
        for (ServerProcess node : nodes) {
            JsonNode metrics = JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/operator/metrics")
                    .param("onlyStatus", "false").send().body());
            assertEquals(expectedOwned.getOrDefault(node.port(), 0), metrics.get("responsibleClientCount").asInt(),
                    "node " + node.port() + " holds, as its own, exactly the instances it is responsible for");
            String beat = HttpCall.put(node.baseUrl() + "/v1/ns/instance/beat").param("serviceName", "legacy")
                    .param("ip", "127.0.0.60").param("port", "80").send().body();
            assertTrue(beat.contains("\"code\":10200"), "a beat through any node finds the instance: " + beat);
        }
    }

    /**
     * 200 rounds of register and deregister, on three lanes, each with its own client of its own
     * node: the instance is listed by every node, then gone from every node within a second of the
     * deregister's answer, and no node lists it again, then or 20 s later. A lane owns its client
     * because a 2.x client holds one instance per service: two rounds on one client at once would
     * replace each other's instance, and the SDK's redo would deregister the newer one.
     */
    @Test
    @Order(3)
    void aDeregisteredInstanceIsGoneFromEveryNodeAndStaysGone() throws Exception {
        String service = "write-order-2x";
        String ip = "127.0.0.85";
        List<NamingService> clients = new ArrayList<>();
        for (ServerProcess node : nodes) {
            clients.add(clientOf(node.address()));
        }
        try (GhostWatch watch = GhostWatch.start(nodes, service)) {
            GhostWatch.inLanes(200, clients.size(), (round, lane) -> {
                NamingService client = clients.get(lane);
                int port = 10_000 + round;
                client.registerInstance(service, ip, port);
                watch.awaitListedEverywhere(ip, port);
                client.deregisterInstance(service, ip, port);
                watch.deregistered(ip, port, 1_000);
            });
            watch.holdFor(20_000);
            assertEquals(Map.of(), watch.ghosts(), "instances listed again after their deregistration");
        } finally {
            for (NamingService client : clients) {
                client.shutDown();
            }
        }
    }

    @Test
    @Order(4)
    void clientOfAKilledNodeFailsOverAndKeepsItsInstance() throws Exception {
        String all = String.join(",", nodes.stream().map(ServerProcess::address).toList());
        NamingService moving = clientOf(all);
        NamingService watcher = clientOf(nodes.get(0).address());
        try {
            Instance instance = new Instance();
            instance.setIp("127.0.0.71");
            instance.setPort(9000);
            moving.registerInstance("survivor", instance);
            Await.until(3000, () -> listedBy(nodes.get(0), "survivor").contains("127.0.0.71"), "registered");
            ServerProcess connectedTo = nodes.stream().filter(node -> sdkConnectionsOf(node) > 0).findFirst()
                    .orElse(nodes.get(2));
            ServerProcess victim = connectedTo == nodes.get(0) ? nodes.get(1) : connectedTo;
            victim.kill();
            ServerProcess survivor = nodes.get(0);
            Await.until(20_000, () -> LocalCluster.stateOf(victim, survivor).equals("DOWN"), "the killed node is DOWN");
            Await.until(30_000, () -> listedBy(survivor, "survivor").contains("127.0.0.71"),
                    "the client's instance is registered after the failover");
            victim.restart();
            Await.until(20_000, () -> listedBy(victim, "survivor").contains("127.0.0.71"),
                    "the restarted node loads the ephemeral data from its peers");
        } finally {
            moving.shutDown();
            watcher.shutDown();
        }
    }

    /** The SDK connections of a node (its peers' connections are labelled source=cluster). */
    static int sdkConnectionsOf(ServerProcess node) {
        JsonNode connections = JSON.readTree(HttpCall.get(node.baseUrl() + "/v2/core/loader/current").send().body());
        int count = 0;
        for (JsonNode connection : connections.properties().stream().map(Map.Entry::getValue).toList()) {
            if ("sdk".equals(connection.path("labels").path("source").asString(""))) {
                count++;
            }
        }
        return count;
    }

}
