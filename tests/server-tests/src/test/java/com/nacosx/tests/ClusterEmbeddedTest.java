package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.MetricsScrape;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.RawGrpc;
import com.nacosx.testsupport.ServerProcess;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Three real nodes on loopback, each with its own embedded Derby, replicating configs, namespaces,
 * persistent instances and service metadata through JRaft: one leader per group, writes through
 * any node, a node that was down catching up from a snapshot and the log, and no acknowledged
 * write lost while a node is killed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterEmbeddedTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final List<String> GROUPS = List.of("naming_persistent_service_v2", "nacos_config");
    static final List<ServerProcess> nodes = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        nodes.addAll(LocalCluster.start(3, "nacos.core.protocol.raft.data.election_timeout_ms=1500"));
        LocalCluster.awaitAllUp(nodes);
    }

    @AfterAll
    static void stop() {
        nodes.forEach(ServerProcess::close);
    }

    static JsonNode raftGroups(ServerProcess node) {
        return JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/core/raft").send().body()).get("data");
    }

    static JsonNode group(ServerProcess node, String name) {
        for (JsonNode group : raftGroups(node)) {
            if (name.equals(group.get("group").asString())) {
                return group;
            }
        }
        throw new AssertionError("node " + node.port() + " runs no group " + name);
    }

    static JsonNode instances(ServerProcess node, String service) {
        return JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/instance/list").param("serviceName", service)
                .send().body()).get("hosts");
    }

    static int registerPersistent(ServerProcess node, String service, String ip, int port) {
        return HttpCall.post(node.baseUrl() + "/v1/ns/instance").param("serviceName", service).param("ip", ip)
                .param("port", String.valueOf(port)).param("ephemeral", "false").send().statusCode();
    }

    @Test
    @Order(1)
    void eachGroupHasOneLeaderAllNodesAgreeOn() throws Exception {
        for (String name : GROUPS) {
            Set<String> leaders = new HashSet<>();
            for (ServerProcess node : nodes) {
                JsonNode group = group(node, name);
                leaders.add(group.get("leader").asString());
                assertTrue(group.get("term").asLong() > 0, name + " has a term");
                assertEquals(3, group.get("peers").size(), name + " has every member as a peer");
                assertEquals(node.port() - 1000, Integer.parseInt(group.get("self").asString().split(":")[1]),
                        "the Raft port is P-1000");
            }
            assertEquals(1, leaders.size(), "all nodes agree on the leader of " + name + ": " + leaders);
            String leader = leaders.iterator().next();
            Await.until(5000, () -> leader.equals(JSON.readTree(HttpCall.get(nodes.get(1).baseUrl()
                    + "/v1/core/cluster/self").send().body()).path("data").path("extendInfo").path("raftMetaData")
                    .path("metaDataMap").path(name).path("leader").asString("")),
                    "the member metadata shows the leader of " + name + " as the official server does");
        }
    }

    @Test
    @Order(1)
    void theMetricsShowEachGroupsLeaderAndDistroAtWork() throws Exception {
        for (String name : GROUPS) {
            double leaders = 0;
            Set<Double> terms = new HashSet<>();
            for (ServerProcess node : nodes) {
                MetricsScrape scrape = MetricsScrape.of(node);
                leaders += scrape.sum("nacos_raft_leader", "group", name);
                terms.add(scrape.sum("nacos_raft_term", "group", name));
                assertTrue(scrape.sum("nacos_raft_applied_index", "group", name) > 0, name + " applied its log");
            }
            assertEquals(1, leaders, "one node says it leads " + name);
            assertEquals(1, terms.size(), "every node is in the same term of " + name + ": " + terms);
        }
        double naming = 0;
        for (ServerProcess node : nodes) {
            naming += MetricsScrape.of(node).sum("nacos_monitor", "module", "naming", "name", "leaderStatus");
            Await.until(12_000, () -> MetricsScrape.of(node).sum("nacos_distro_sent_total", "operation", "VERIFY",
                    "result", "success") >= 2, "node " + node.port() + " verified its clients with both peers");
        }
        assertEquals(1, naming, "leaderStatus is 1 on the leader of the persistent-instance group only");
    }

    @Test
    @Order(2)
    void aConfigPublishedOnAnyNodeIsServedByEveryNode() throws Exception {
        for (ServerProcess writer : nodes) {
            String dataId = "through-" + writer.port();
            assertEquals(200, ClusterWorkload.publish(writer, dataId, "from " + writer.port()));
            assertEquals("from " + writer.port(), ClusterWorkload.read(writer, dataId),
                    "the writing node serves its write as soon as it answers");
            for (ServerProcess reader : nodes) {
                Await.until(2000, () -> ("from " + writer.port()).equals(ClusterWorkload.read(reader, dataId)),
                        "node " + reader.port() + " serves " + dataId);
            }
        }
    }

    /** Every node answers who listens to a config on any node, asking its peers over the cluster port. */
    @Test
    @Order(2)
    void listenersOnOneNodeAreShownByEveryNode() throws Exception {
        assertEquals(200, ClusterWorkload.publish(nodes.get(0), "listened.txt", "l1"));
        // The listener's node shows the md5 it holds: wait until it has applied the publish.
        Await.until(10_000, () -> "l1".equals(ClusterWorkload.read(nodes.get(2), "listened.txt")),
                "node " + nodes.get(2).port() + " serves the publish");
        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", nodes.get(2).grpcPort())) {
            assertTrue(client.requestNow(GrpcProtocolTest.listen(true, "listened.txt", ConfigHttpApiTest.md5("l1")))
                    .isSuccess());
            for (ServerProcess node : nodes) {
                JsonNode listeners = JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/cs/configs/listener")
                        .param("dataId", "listened.txt").param("group", "DEFAULT_GROUP").send().body());
                assertEquals(ConfigHttpApiTest.md5("l1"), listeners.path("lisentersGroupkeyStatus").path("127.0.0.1")
                        .asString(), "node " + node.port() + ": " + listeners);
                JsonNode byIp = JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/cs/listener").param("ip", "127.0.0.1")
                        .send().body());
                assertTrue(byIp.path("lisentersGroupkeyStatus").has("listened.txt+DEFAULT_GROUP"), byIp.toString());
            }
        }
    }

    /** On the leader the writes go straight to the group; on a follower, in order over the cluster port. */
    @Test
    @Order(2)
    void writesSentWithoutWaitingApplyInTheOrderSentOnEveryNode() {
        for (ServerProcess node : nodes) {
            try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", node.grpcPort())) {
                WriteOrder.assertLastSentWins(client, "ordered-" + node.port());
            }
        }
    }

    /** A follower passes a write to the leader over the cluster port: the largest config allowed must fit. */
    @Test
    @Order(3)
    void aConfigOfNearlyTheMaximumSizePassesThroughAFollower() throws Exception {
        String leader = group(nodes.get(0), "nacos_config").get("leader").asString();
        ServerProcess follower = nodes.stream().filter(node -> !leader.endsWith(":" + (node.port() - 1000)))
                .findFirst().orElseThrow();
        String content = "x".repeat(9 * 1024 * 1024);
        // What is tested is that the size fits (it was refused as too large once). On a busy machine
        // 9 MB may not reach a majority within the write timeout (503 refused, or 504 may or may not
        // have been taken; nothing acknowledged): a client publishes again, and so does this test, a
        // bounded number of times.
        int status = 0;
        for (int attempt = 0; attempt < 5 && status != 200; attempt++) {
            status = HttpCall.post(follower.baseUrl() + "/v1/cs/configs").param("dataId", "big.txt")
                    .param("group", "DEFAULT_GROUP").param("content", content).timeout(Duration.ofSeconds(60)).send()
                    .statusCode();
            assertTrue(status == 200 || status == 503 || status == 504, "answered " + status);
        }
        assertEquals(200, status);
        for (ServerProcess node : nodes) {
            Await.until(5000, () -> ClusterWorkload.read(node, "big.txt").length() == content.length(),
                    "node " + node.port() + " serves the 9 MB config");
        }
    }

    @Test
    @Order(4)
    void aRefusedCompareAndSetIsRefusedThroughAFollower() {
        ClusterWorkload.publish(nodes.get(0), "cas.txt", "one");
        for (ServerProcess node : nodes) {
            int status = HttpCall.post(node.baseUrl() + "/v1/cs/configs").param("dataId", "cas.txt")
                    .param("group", "DEFAULT_GROUP").param("content", "two").header("casMd5", "not-the-md5")
                    .send().statusCode();
            assertEquals(500, status, "a compare-and-set with a wrong md5 fails through node " + node.port());
        }
        for (ServerProcess node : nodes) {
            assertEquals("one", ClusterWorkload.read(node, "cas.txt"));
        }
    }

    @Test
    @Order(5)
    void namespacesAndPersistentInstancesReachEveryNode() throws Exception {
        assertEquals(200, HttpCall.post(nodes.get(1).baseUrl() + "/v1/console/namespaces")
                .param("customNamespaceId", "team-a").param("namespaceName", "Team A").send().statusCode());
        assertEquals(200, registerPersistent(nodes.get(2), "orders", "10.0.0.1", 8080));
        assertEquals(200, registerPersistent(nodes.get(0), "orders", "10.0.0.2", 8080));
        for (ServerProcess node : nodes) {
            Await.until(2000, () -> instances(node, "orders").size() == 2,
                    "node " + node.port() + " lists both persistent instances");
            Await.until(2000, () -> HttpCall.get(node.baseUrl() + "/v1/console/namespaces").send().body()
                    .contains("team-a"), "node " + node.port() + " lists the namespace");
        }
        int refused = HttpCall.post(nodes.get(1).baseUrl() + "/v1/ns/instance").param("serviceName", "orders")
                .param("ip", "10.0.0.3").param("port", "8080").send().statusCode();
        assertEquals(400, refused, "an ephemeral instance in a persistent service is refused through Raft too");
    }

    /** One node checks a persistent instance and its verdict reaches every node through Raft. */
    @Test
    @Order(6)
    void everyNodeShowsTheHealthCheckVerdict() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        assertEquals(200, registerPersistent(nodes.get(0), "checked", "127.0.0.1", port));
        for (ServerProcess node : nodes) {
            Await.until(15_000, () -> !checkedHealthy(node),
                    "node " + node.port() + " shows the instance on a closed port unhealthy");
        }
        try (ServerSocket listening = new ServerSocket(port, 50, InetAddress.getLoopbackAddress())) {
            for (ServerProcess node : nodes) {
                Await.until(15_000, () -> checkedHealthy(node),
                        "node " + node.port() + " shows the instance healthy once its port answers");
            }
        }
    }

    /** Read from the catalog: a list answers a lone unhealthy instance as healthy (protection threshold). */
    static boolean checkedHealthy(ServerProcess node) {
        return JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/catalog/instances").param("serviceName", "checked")
                .param("clusterName", "DEFAULT").send().body()).get("list").get(0).get("healthy").asBoolean();
    }

    /**
     * The Raft port decodes only JRaft's own protobuf messages: a call naming any other type is
     * refused unread, and garbage sent as a JRaft message is refused without harm to the group.
     */
    @Test
    @Order(7)
    void theRaftPortRefusesWhatJRaftDoesNotDefine() {
        ServerProcess node = nodes.get(0);
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", node.port() - 1000).usePlaintext().build();
        try {
            StatusRuntimeException foreign = assertThrows(StatusRuntimeException.class,
                    () -> RawGrpc.unary(channel, "java.util.HashMap/_call", new byte[] {(byte) 0xac, (byte) 0xed, 0, 5}));
            assertEquals(Status.Code.UNIMPLEMENTED, foreign.getStatus().getCode());
            StatusRuntimeException garbage = assertThrows(StatusRuntimeException.class, () -> RawGrpc.unary(channel,
                    "com.alipay.sofa.jraft.rpc.RpcRequests$AppendEntriesRequest/_call", new byte[] {1, 2, 3, 4, 5}));
            assertTrue(garbage.getStatus().getCode() != Status.Code.OK);
        } finally {
            channel.shutdownNow();
        }
        for (String name : GROUPS) {
            assertTrue(group(node, name).get("leader").isString(), name + " still has a leader");
        }
        assertEquals(200, ClusterWorkload.publish(node, "after-garbage.txt", "still fine"));
    }

    @Test
    @Order(8)
    void aNodeThatWasDownCatchesUpFromTheSnapshotAndTheLog() throws Exception {
        for (ServerProcess node : nodes) {
            for (String name : GROUPS) {
                String answer = HttpCall.post(node.baseUrl() + "/v1/core/ops/raft").param("groupId", name)
                        .param("command", "doSnapshot").send().body();
                assertTrue(answer.contains("\"code\":200"), "snapshot of " + name + ": " + answer);
            }
        }
        ServerProcess victim = nodes.get(2);
        victim.kill();
        awaitLeadersAmong(nodes.subList(0, 2));
        assertEquals(200, ClusterWorkload.publish(nodes.get(0), "while-down.txt", "written while a node was down"));
        assertEquals(200, registerPersistent(nodes.get(1), "orders", "10.0.0.4", 8080));
        victim.restart();
        assertEquals("written while a node was down", ClusterWorkload.read(victim, "while-down.txt"),
                "a restarted node is ready only once it caught up");
        assertEquals("from " + nodes.get(0).port(), ClusterWorkload.read(victim, "through-" + nodes.get(0).port()));
        assertEquals(3, instances(victim, "orders").size());
        assertTrue(HttpCall.get(victim.baseUrl() + "/v1/console/namespaces").send().body().contains("team-a"));
        MetricsScrape restarted = MetricsScrape.of(victim);
        double rows = restarted.sum("nacos_load_items", "task", "raft-snapshot-config");
        assertTrue(rows > 0, "the snapshot's config rows are reported");
        assertEquals(rows, restarted.sum("nacos_load_done", "task", "raft-snapshot-config"));
        assertTrue(victim.log("nacos.log")
                .contains("loaded the config tables from a Raft snapshot"), "nacos.log tells the snapshot load");
    }

    /**
     * A node stopped cleanly keeps its Derby and catches up from the entries after it, from the log
     * while the leader still has them, else from the leader's snapshot.
     */
    @Test
    @Order(9)
    void aNodeStoppedCleanlyKeepsItsStoreAndCatchesUpFromTheLogOrTheLeadersSnapshot() throws Exception {
        ServerProcess victim = nodes.get(2);
        victim.close();
        awaitLeadersAmong(nodes.subList(0, 2));
        assertEquals(1, count(victim, "nacos.log", "the embedded Derby is kept for the next start"));
        assertEquals(200, ClusterWorkload.publish(nodes.get(0), "while-stopped.txt", "after a clean stop"));
        victim.restart();
        assertEquals(1, count(victim, "nacos.log", "keeping the embedded Derby"));
        assertEquals("after a clean stop", ClusterWorkload.read(victim, "while-stopped.txt"));
        assertEquals("written while a node was down", ClusterWorkload.read(victim, "while-down.txt"),
                "what the kept Derby held is served");
        assertEquals(3, instances(victim, "orders").size());

        victim.close();
        awaitLeadersAmong(nodes.subList(0, 2));
        // A snapshot drops the log only up to the snapshot before it: two, each after a write.
        for (String content : List.of("in the leader's snapshot", "past the leader's log")) {
            assertEquals(200, ClusterWorkload.publish(nodes.get(1), "while-stopped.txt", content));
            for (ServerProcess node : nodes.subList(0, 2)) {
                String answer = HttpCall.post(node.baseUrl() + "/v1/core/ops/raft").param("groupId", "nacos_config")
                        .param("command", "doSnapshot").send().body();
                assertTrue(answer.contains("\"code\":200"), "snapshot: " + answer);
            }
        }
        int snapshotsLoaded = count(victim, "protocol-raft.log", "[nacos_config] snapshot loaded up to index");
        victim.restart();
        assertEquals(2, count(victim, "nacos.log", "keeping the embedded Derby"));
        assertEquals("past the leader's log", ClusterWorkload.read(victim, "while-stopped.txt"));
        assertEquals(snapshotsLoaded + 1, count(victim, "protocol-raft.log", "[nacos_config] snapshot loaded up to index"),
                "the leader's snapshot replaced the kept state");
        assertEquals("from " + nodes.get(0).port(), ClusterWorkload.read(victim, "through-" + nodes.get(0).port()));
    }

    /**
     * Until the nodes still up agree on a leader of each group among themselves. A write passed on
     * to a leader that was just stopped may have reached it before it went, as far as the passing
     * node can tell, and is answered 504, its outcome unknown (seen once in CI).
     */
    static void awaitLeadersAmong(List<ServerProcess> up) throws InterruptedException {
        for (String name : GROUPS) {
            Set<String> candidates = new HashSet<>();
            up.forEach(node -> candidates.add(group(node, name).get("self").asString()));
            Await.until(10_000, () -> {
                Set<String> leaders = new HashSet<>();
                up.forEach(node -> leaders.add(group(node, name).path("leader").asString("")));
                return leaders.size() == 1 && candidates.containsAll(leaders);
            }, "the nodes still up agree on a leader of " + name + " among themselves");
        }
    }

    static int count(ServerProcess node, String file, String text) {
        String log = node.log(file);
        int count = 0;
        for (int at = log.indexOf(text); at >= 0; at = log.indexOf(text, at + 1)) {
            count++;
        }
        return count;
    }

    @Test
    @Order(10)
    void noAcknowledgedWriteIsLost() throws Exception {
        ClusterWorkload.noAcknowledgedWriteIsLost(nodes, nodes.get(1));
    }

    /** Every node killed at once and started again: the groups rebuild every node's state from their logs. */
    @Test
    @Order(11)
    void theWholeClusterRestartedKeepsEverything() {
        nodes.forEach(ServerProcess::kill);
        nodes.stream().map(node -> CompletableFuture.runAsync(node::restart)).toList()
                .forEach(CompletableFuture::join);
        for (ServerProcess node : nodes) {
            assertEquals("written while a node was down", ClusterWorkload.read(node, "while-down.txt"));
            assertEquals("one", ClusterWorkload.read(node, "cas.txt"));
            assertEquals(3, instances(node, "orders").size());
            assertTrue(HttpCall.get(node.baseUrl() + "/v1/console/namespaces").send().body().contains("team-a"));
        }
    }

    @Test
    @Order(12)
    void withoutAMajorityAWriteIsRefusedAndNothingChanges() {
        nodes.get(1).kill();
        nodes.get(2).kill();
        HttpResponse<String> answer = HttpCall.post(nodes.get(0).baseUrl() + "/v1/cs/configs").param("dataId", "lonely")
                .param("group", "DEFAULT_GROUP").param("content", "x").timeout(Duration.ofSeconds(30)).send();
        // 503 from a follower (no leader: refused before any log); 504 from a leader that appended
        // the entry and stepped down without a majority: it would commit if it led again.
        assertTrue(answer.statusCode() == 503 || answer.statusCode() == 504, answer.statusCode() + " " + answer.body());
        assertTrue(answer.body().contains("majority"), answer.body());
        assertEquals(404, HttpCall.get(nodes.get(0).baseUrl() + "/v1/cs/configs").param("dataId", "lonely")
                .param("group", "DEFAULT_GROUP").send().statusCode());
    }
}
