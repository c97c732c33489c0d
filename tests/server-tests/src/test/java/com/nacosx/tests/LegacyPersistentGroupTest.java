package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.consistency.entity.Response;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.Nacos148Raft;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Persistent instances shared with official 1.4 nodes through their JRaft group
 * {@code naming_persistent_service}: three nodes of ours started to upgrade from 1.x run it, and
 * the test plays a 1.4.8 node on the Raft port, passing its writes and reads on to one of ours as
 * 1.4.8 does, with datums captured off a real 1.4.8 node. What a 1.4 node writes is listed by every
 * node of ours; what a 1.x client registers with ours is in the group as 1.4 nodes read it; a batch
 * 1.4 would refuse is refused whole; once double write is off, persistent instances go through our
 * own group and the 1.x group's are still served.
 */
class LegacyPersistentGroupTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String SERVICE_KEY = "com.alibaba.nacos.naming.domains.meta.public##DEFAULT_GROUP@@persistent-c";
    static final String LIST_KEY = "com.alibaba.nacos.naming.iplist.public##DEFAULT_GROUP@@persistent-c";
    static final List<ServerProcess> nodes = new ArrayList<>();

    @AfterAll
    static void stop() {
        nodes.forEach(ServerProcess::close);
    }

    static List<String> hosts(ServerProcess node, String service) {
        return addresses(JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/instance/list")
                .param("serviceName", service).send().body()).path("hosts"));
    }

    /** The {@code ip:port} of each instance, sorted. */
    static List<String> addresses(JsonNode instances) {
        List<String> addresses = new ArrayList<>();
        instances.forEach(instance -> addresses.add(instance.path("ip").asText() + ":" + instance.path("port").asInt()));
        return addresses.stream().sorted().toList();
    }

    static boolean listedEverywhere(String service, List<String> expected) {
        return nodes.stream().allMatch(node -> hosts(node, service).equals(expected));
    }

    /** The service's protect threshold on the node; NaN while the node does not have the service yet. */
    static double protectThreshold(ServerProcess node, String service) {
        HttpResponse<String> answer = HttpCall.get(node.baseUrl() + "/v1/ns/service").param("serviceName", service)
                .send();
        return answer.statusCode() == 200 ? JSON.readTree(answer.body()).path("protectThreshold").asDouble() : Double.NaN;
    }

    /** The type of health check the node runs for the cluster, as its service detail shows it. */
    static String checkerType(ServerProcess node, String service, String cluster) {
        for (JsonNode entry : JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/service").param("serviceName", service)
                .send().body()).path("clusters")) {
            if (entry.path("name").asText().equals(cluster)) {
                return entry.path("healthChecker").path("type").asText();
            }
        }
        return null;
    }

    static int raftPort(ServerProcess node) {
        return node.port() - 1000;
    }

    static HttpResponse<String> persistent(String method, ServerProcess node, String ip, int port) {
        return persistent(method, node, "persistent-c", ip, port);
    }

    static HttpResponse<String> persistent(String method, ServerProcess node, String service, String ip, int port) {
        HttpCall call = method.equals("POST") ? HttpCall.post(node.baseUrl() + "/v1/ns/instance")
                : HttpCall.delete(node.baseUrl() + "/v1/ns/instance");
        return call.param("serviceName", service).param("ip", ip).param("port", String.valueOf(port))
                .param("ephemeral", "false").send();
    }

    /**
     * Registers instances of one service through every node at once, each node's one after the
     * other as a client's are: the group holds the whole list as one datum, so each node's write
     * must be made from the list the others' writes made.
     */
    static List<String> registerAtOnceThroughEveryNode(String service, int perNode) {
        List<CompletableFuture<List<String>>> registered = new ArrayList<>();
        for (int n = 0; n < nodes.size(); n++) {
            ServerProcess node = nodes.get(n);
            String ip = "127.0.1." + (n + 1);
            registered.add(CompletableFuture.supplyAsync(() -> {
                List<String> done = new ArrayList<>();
                for (int port = 2000; port < 2000 + perNode; port++) {
                    HttpResponse<String> answer = persistent("POST", node, service, ip, port);
                    assertEquals(200, answer.statusCode(), answer.body());
                    done.add(ip + ":" + port);
                }
                return done;
            }));
        }
        return registered.stream().flatMap(each -> each.join().stream()).sorted().toList();
    }

    /** The datums a read answered, each decoded: the answer's data is a batch of base64 keys and values. */
    static List<JsonNode> datums(Response read) {
        List<JsonNode> datums = new ArrayList<>();
        JSON.readTree(read.getData().toStringUtf8()).path("values").forEach(value ->
                datums.add(JSON.readTree(new String(Base64.getDecoder().decode(value.asText()), StandardCharsets.UTF_8))));
        return datums;
    }

    @Test
    void persistentInstancesAreSharedWithThe14GroupBothWays() throws Exception {
        List<Integer> ports = LocalCluster.freePorts(3);
        nodes.addAll(LocalCluster.startOn(ports, LocalCluster.upgradingFrom1x(ports)));
        LocalCluster.awaitAllUp(nodes);

        try (Nacos148Raft legacy = new Nacos148Raft()) {
            // A 1.4.8 node registers a persistent instance: its service and its list, in one batch,
            // passed on to a node of ours (the group's leader or a follower that passes it on again).
            byte[] batch = Nacos148Raft.batch(List.of(SERVICE_KEY, LIST_KEY),
                    List.of(Nacos148Raft.fixture("persistent-service"), Nacos148Raft.fixture("persistent-instance-list")));
            Await.until(30_000, () -> legacy.write(raftPort(nodes.get(1)), "Write", batch).getSuccess(),
                    "the 1.x group takes a 1.4.8 node's write once it has a leader");
            Await.until(15_000, () -> listedEverywhere("persistent-c", List.of("127.0.0.9:1003")),
                    "the 1.4.8 node's persistent instance is listed by every node of ours");

            // A 1.x client registers with ours: the group holds the whole list as 1.4 nodes read it.
            assertEquals(200, persistent("POST", nodes.get(0), "127.0.0.10", 1005).statusCode());
            Response read = legacy.read(raftPort(nodes.get(2)), List.of(LIST_KEY, SERVICE_KEY));
            assertTrue(read.getSuccess(), read.getErrMsg());
            List<JsonNode> datums = datums(read);
            assertEquals(2, datums.size(), datums.toString());
            JsonNode list = datums.stream().filter(datum -> datum.path("key").asText().equals(LIST_KEY)).findFirst()
                    .orElseThrow();
            JsonNode inGroup = list.path("value").path("instanceList");
            inGroup.forEach(instance -> assertFalse(instance.path("ephemeral").asBoolean(), instance.toString()));
            assertEquals(List.of("127.0.0.10:1005", "127.0.0.9:1003"), addresses(inGroup));
            Await.until(15_000, () -> listedEverywhere("persistent-c", List.of("127.0.0.10:1005", "127.0.0.9:1003")),
                    "every node lists both");

            // Nodes of ours changing one service's list at the same moment lose no change.
            List<String> burst = registerAtOnceThroughEveryNode("persistent-burst", 8);
            try {
                Await.until(15_000, () -> listedEverywhere("persistent-burst", burst),
                        "every instance registered at once through three nodes is listed everywhere");
            } catch (AssertionError missing) {
                throw new AssertionError(missing.getMessage() + "; each node lists " + nodes.stream()
                        .map(node -> hosts(node, "persistent-burst")).toList(), missing);
            }
            JsonNode burstDatum = datums(legacy.read(raftPort(nodes.get(1)),
                    List.of(LIST_KEY.replace("persistent-c", "persistent-burst")))).get(0);
            assertEquals(burst, addresses(burstDatum.path("value").path("instanceList")),
                    "and the group's list holds them all");

            // What 1.4 refuses is refused whole, and nothing of it is applied.
            Response badKey = legacy.write(raftPort(nodes.get(0)), "Write", Nacos148Raft.batch(
                    List.of(LIST_KEY, "not.a.naming.key"), List.of("{\"key\":\"x\",\"value\":{\"instanceList\":[]}}", "{}")));
            assertFalse(badKey.getSuccess());
            assertTrue(badKey.getErrMsg().contains("invalid key: not.a.naming.key"), badKey.getErrMsg());
            Response badOperation = legacy.write(raftPort(nodes.get(0)), "Upsert", batch);
            assertFalse(badOperation.getSuccess());
            assertEquals("unsupport operation : Upsert", badOperation.getErrMsg());
            Response badValue = legacy.write(raftPort(nodes.get(0)), "Write",
                    Nacos148Raft.batch(List.of(LIST_KEY), List.of("{\"value\":{\"instanceList\":[{\"port\":1}]}}")));
            assertFalse(badValue.getSuccess());
            assertTrue(badValue.getErrMsg().contains("has no ip or port"), badValue.getErrMsg());
            assertTrue(listedEverywhere("persistent-c", List.of("127.0.0.10:1005", "127.0.0.9:1003")));

            // A 1.4.8 node deregisters by writing the shorter list.
            String emptyList = "{\"key\":\"" + LIST_KEY + "\",\"value\":{\"instanceList\":[]},\"timestamp\":0}";
            assertTrue(legacy.write(raftPort(nodes.get(2)), "Write", Nacos148Raft.batch(List.of(LIST_KEY),
                    List.of(emptyList))).getSuccess());
            Await.until(15_000, () -> listedEverywhere("persistent-c", List.of()),
                    "the list the 1.4.8 node wrote replaces what every node of ours lists");
            assertEquals(200, persistent("POST", nodes.get(1), "127.0.0.9", 1003).statusCode());

            // A service created and edited through ours is in the group as 1.4 nodes read it, and
            // one a 1.4 node edits there is edited here.
            String described = "com.alibaba.nacos.naming.domains.meta.public##DEFAULT_GROUP@@described";
            String service = nodes.get(0).baseUrl() + "/v1/ns/service";
            assertEquals(200, HttpCall.post(service).param("serviceName", "described").param("protectThreshold", "0.5")
                    .send().statusCode());
            JsonNode created = datums(legacy.read(raftPort(nodes.get(1)), List.of(described))).get(0);
            assertEquals("DEFAULT_GROUP@@described", created.path("value").path("name").asText());
            assertEquals(0.5, created.path("value").path("protectThreshold").asDouble());
            String edited = Nacos148Raft.fixture("persistent-service").replace("persistent-c", "described")
                    .replace("\"protectThreshold\":0.0", "\"protectThreshold\":0.7");
            assertTrue(legacy.write(raftPort(nodes.get(2)), "Write", Nacos148Raft.batch(List.of(described),
                    List.of(edited))).getSuccess());
            Await.until(15_000, () -> nodes.stream().allMatch(node -> protectThreshold(node, "described") == 0.7),
                    "the 1.4.8 node's edit of the service is seen by every node of ours");

            // A cluster's health check set through ours is in the service's datum, with every other
            // cluster the service has: a 1.4 node drops the clusters the datum does not name.
            assertEquals(200, HttpCall.put(nodes.get(1).baseUrl() + "/v1/ns/cluster").param("serviceName", "persistent-c")
                    .param("clusterName", "checked").param("healthChecker", "{\"type\":\"HTTP\",\"path\":\"/ready\"}")
                    .param("checkPort", "8081").param("useInstancePort4Check", "false").send().statusCode());
            JsonNode clusters = datums(legacy.read(raftPort(nodes.get(0)), List.of(SERVICE_KEY))).get(0)
                    .path("value").path("clusterMap");
            assertEquals("HTTP", clusters.path("checked").path("healthChecker").path("type").asText(), clusters.toString());
            assertEquals("/ready", clusters.path("checked").path("healthChecker").path("path").asText());
            assertEquals(8081, clusters.path("checked").path("defCkport").asInt());
            assertFalse(clusters.path("checked").path("useIPPort4Check").asBoolean(true));
            assertEquals("TCP", clusters.path("DEFAULT").path("healthChecker").path("type").asText(),
                    "the instance's cluster is named too: " + clusters);

            // One a 1.4.8 node sets is set on every node of ours.
            String noneChecked = Nacos148Raft.fixture("persistent-service").replace("\"clusterMap\":{}",
                    "\"clusterMap\":{\"DEFAULT\":{\"name\":\"DEFAULT\",\"healthChecker\":{\"type\":\"NONE\"},"
                            + "\"defCkport\":80,\"defIPPort\":80,\"useIPPort4Check\":true,\"metadata\":{}}}");
            assertTrue(legacy.write(raftPort(nodes.get(2)), "Write", Nacos148Raft.batch(List.of(SERVICE_KEY),
                    List.of(noneChecked))).getSuccess());
            Await.until(15_000, () -> nodes.stream().allMatch(node -> "NONE".equals(checkerType(node, "persistent-c",
                    "DEFAULT"))), "the 1.4.8 node's health check setting is seen by every node of ours");

            assertEquals(200, HttpCall.delete(service).param("serviceName", "described").send().statusCode());
            assertTrue(datums(legacy.read(raftPort(nodes.get(1)), List.of(described))).isEmpty(),
                    "a service removed through ours is gone from the group");
        }

        // Double write off: persistent writes go through our own group; the instances written
        // through the 1.x group are handed to it and stay.
        HttpResponse<String> off = HttpCall.put(nodes.get(0).baseUrl() + "/v1/ns/operator/switches")
                .param("entry", "doubleWriteEnabled").param("value", "false").send();
        assertEquals(200, off.statusCode(), off.body());
        assertEquals(200, persistent("POST", nodes.get(2), "127.0.0.11", 1006).statusCode());
        Await.until(15_000, () -> listedEverywhere("persistent-c", List.of("127.0.0.11:1006", "127.0.0.9:1003")),
                "registered through our own group after double write is off, beside the 1.x group's");
        assertEquals(200, persistent("DELETE", nodes.get(1), "127.0.0.9", 1003).statusCode());
        Await.until(15_000, () -> listedEverywhere("persistent-c", List.of("127.0.0.11:1006")),
                "an instance of the 1.x group deregistered through our own group is gone from every node");
    }
}
