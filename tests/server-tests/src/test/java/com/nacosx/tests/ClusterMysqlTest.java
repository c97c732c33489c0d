package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.config.ConfigBatchListenRequest;
import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.CuttableTcpProxy;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.MariaDb;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
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
 * Three real nodes on loopback sharing a real MariaDB: membership, change notices between
 * nodes, the periodic full sync, and a killed node marked DOWN then UP again. Only node B runs
 * the full sync often (every 2 s); on A and C it is an hour away, so that only the notices can
 * bring them up to date. C reaches the database through a proxy the test cuts.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterMysqlTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final List<ServerProcess> nodes = new ArrayList<>();
    /** Longer than the three tries over about 12 s that a notice used to get before it was dropped. */
    static final long CUT_HELD_MILLIS = 15_000;

    static CuttableTcpProxy databaseOfC;

    @BeforeAll
    static void start() throws Exception {
        MariaDb.reset();
        MariaDb.createSchema();
        databaseOfC = CuttableTcpProxy.to(MariaDb.HOST, MariaDb.PORT);
        List<Integer> ports = LocalCluster.freePorts(3);
        List<String[]> settings = List.of(settings(ports, MariaDb.serverProperties(), "1h"),
                settings(ports, MariaDb.serverProperties(), "2s"),
                settings(ports, MariaDb.serverPropertiesVia("127.0.0.1", databaseOfC.port()), "1h"));
        nodes.addAll(LocalCluster.startEach(ports, settings));
    }

    static String[] settings(List<Integer> ports, String[] database, String fullSyncInterval) {
        List<String> settings = new ArrayList<>(List.of(database));
        settings.add("nacos.config.cluster.full-sync-interval=" + fullSyncInterval);
        return LocalCluster.memberOf(ports, settings.toArray(String[]::new));
    }

    @AfterAll
    static void stop() {
        nodes.forEach(ServerProcess::close);
        if (databaseOfC != null) {
            databaseOfC.close();
        }
        MariaDb.stop();
    }

    static String read(ServerProcess node, String dataId) {
        return ClusterWorkload.read(node, dataId);
    }

    @Test
    @Order(1)
    void membershipConverges() throws Exception {
        for (ServerProcess node : nodes) {
            Await.until(15_000, () -> LocalCluster.allUp(node, 3), "node " + node.port() + " sees all three members UP");
        }
        JsonNode self = JSON.readTree(HttpCall.get(nodes.get(0).baseUrl() + "/v1/core/cluster/self").send()
                .body()).get("data");
        assertEquals("127.0.0.1:" + nodes.get(0).port(), self.get("address").asString());
        assertEquals(String.valueOf(nodes.get(0).port() - 1000), self.get("extendInfo").get("raftPort").asString());
        Await.until(15_000, () -> LocalCluster.raftGroups(nodes.get(0)).containsKey("naming_persistent_service_v2"),
                "the persistent instances' Raft group runs");
        assertFalse(LocalCluster.raftGroups(nodes.get(0)).containsKey("nacos_config"),
                "the configs live in MySQL, not in a Raft group");
    }

    @Test
    @Order(2)
    void publishOnOneNodeReachesListenersAndReadersOnTheOthers() throws Exception {
        BlockingQueue<ServerRequest> pushes = new LinkedBlockingQueue<>();
        ServerProcess a = nodes.get(0);
        ServerProcess b = nodes.get(1);
        ServerProcess c = nodes.get(2);
        HttpCall.post(a.baseUrl() + "/v1/cs/configs").param("dataId", "shared.yaml").param("group", "DEFAULT_GROUP")
                .param("content", "v: 1").send();
        Await.until(2000, () -> "v: 1".equals(read(b, "shared.yaml")), "node B serves the first version");
        try (NacosGrpcClient listener = NacosGrpcClient.open("127.0.0.1", b.grpcPort(), null, null, pushes::add)) {
            listener.setUp(Map.of()).join();
            ConfigBatchListenRequest listen = new ConfigBatchListenRequest();
            ConfigBatchListenRequest.ConfigListenContext context = new ConfigBatchListenRequest.ConfigListenContext();
            context.dataId = "shared.yaml";
            context.group = "DEFAULT_GROUP";
            context.tenant = "";
            context.md5 = ClusterWorkload.md5("v: 1");
            listen.configListenContexts.add(context);
            assertTrue(listener.requestNow(listen).isSuccess());

            long published = System.currentTimeMillis();
            long allowed = Patience.millis(2000);
            HttpCall.post(a.baseUrl() + "/v1/cs/configs").param("dataId", "shared.yaml").param("group", "DEFAULT_GROUP")
                    .param("content", "v: 2").send();
            ServerRequest push = pushes.poll(allowed, TimeUnit.MILLISECONDS);
            while (push != null && !(push instanceof ConfigChangeNotifyRequest)) {
                push = pushes.poll(Math.max(0, published + allowed - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
            }
            assertTrue(push instanceof ConfigChangeNotifyRequest, "a 2.x listener on node B is told within " + allowed + " ms");
            assertEquals("shared.yaml", ((ConfigChangeNotifyRequest) push).dataId);
            assertEquals("v: 2", read(b, "shared.yaml"));
            Await.until(2000, () -> "v: 2".equals(read(c, "shared.yaml")), "node C serves the new version");
        }
    }

    @Test
    @Order(3)
    void fullSyncHealsAMissedNotice() throws Exception {
        ServerProcess b = nodes.get(1);
        HttpCall.post(nodes.get(0).baseUrl() + "/v1/cs/configs").param("dataId", "healed.txt")
                .param("group", "DEFAULT_GROUP").param("content", "before").send();
        Await.until(2000, () -> "before".equals(read(b, "healed.txt")), "replicated");
        ClusterWorkload.changeInStore("healed.txt", "after");
        Await.until(8000, () -> "after".equals(read(b, "healed.txt")), "node B reloads a change it was never told of");
    }

    @Test
    @Order(4)
    void killedNodeIsMarkedDownThenUpAgain() throws Exception {
        ServerProcess victim = nodes.get(2);
        victim.kill();
        Await.until(15_000, () -> "DOWN".equals(LocalCluster.stateOf(victim, nodes.get(0))), "the killed node is DOWN");
        victim.restart();
        Await.until(15_000, () -> "UP".equals(LocalCluster.stateOf(victim, nodes.get(0))) && LocalCluster.allUp(victim, 3),
                "the restarted node is UP and sees its peers");
        assertEquals("v: 2", read(victim, "shared.yaml"), "it serves what was published before");
    }

    /**
     * Configs published through random nodes while one node is killed and restarted: every node
     * afterwards serves every publish that was acknowledged, with its content.
     */
    @Test
    @Order(5)
    void noAcknowledgedWriteIsLost() throws Exception {
        ClusterWorkload.noAcknowledgedWriteIsLost(nodes, nodes.get(1));
    }

    @Test
    @Order(6)
    void aChangeMissedWhileCutFromTheDatabaseReachesTheNodeOnceItIsBack() throws Exception {
        ServerProcess a = nodes.get(0);
        ServerProcess c = nodes.get(2);
        assertEquals(200, ClusterWorkload.publish(a, "missed.txt", "before"));
        Await.until(5000, () -> "before".equals(read(c, "missed.txt")), "C serves the first version");
        databaseOfC.cut();
        long caughtUpBefore;
        try {
            assertEquals(200, ClusterWorkload.publish(a, "missed.txt", "after"));
            Await.until(15_000, () -> a.log("config-server.log").contains("did not take the change of missed.txt"),
                    "A finds that C, cut from the database, could not take the notice");
            Thread.sleep(CUT_HELD_MILLIS);
            assertEquals("before", read(c, "missed.txt"), "C, cut off, serves what it had");
            caughtUpBefore = timesLogged(a, "took every change it had missed");
        } finally {
            databaseOfC.heal();
        }
        Await.until(10_000, () -> "after".equals(read(c, "missed.txt")),
                "C serves the change it missed without waiting for the full sync");
        Await.until(10_000, () -> timesLogged(a, "took every change it had missed") > caughtUpBefore,
                "A stops sending it");
    }

    static long timesLogged(ServerProcess node, String text) {
        return node.log("config-server.log").lines().filter(line -> line.contains(text)).count();
    }

    /**
     * A deletes a config it has not seen created (its notice has not reached A yet): A's cache does
     * not change, yet C, which serves the config, must drop it.
     */
    @Test
    @Order(7)
    void aDeleteOfAConfigTheNodeHadNotSeenYetReachesThePeerServingIt() throws Exception {
        ServerProcess a = nodes.get(0);
        ServerProcess c = nodes.get(2);
        ClusterWorkload.createInStore("unseen.txt", "created elsewhere");
        assertEquals(200, HttpCall.post(c.baseUrl() + "/v1/cs/ops/localCache").send().statusCode());
        assertEquals("created elsewhere", read(c, "unseen.txt"));
        assertEquals(404, ClusterWorkload.status(a, "unseen.txt"), "A has not seen it");
        assertEquals(200, HttpCall.delete(a.baseUrl() + "/v1/cs/configs").param("dataId", "unseen.txt")
                .param("group", "DEFAULT_GROUP").send().statusCode());
        Await.until(10_000, () -> ClusterWorkload.status(c, "unseen.txt") == 404,
                "C no longer serves the deleted config");
    }

    /** The AI registry keeps each MCP server as a config, so MySQL stores it and every node serves it. */
    @Test
    @Order(8)
    void anMcpServerKeptInMysqlIsServedByEveryNodeAndVersionedThroughAnother() throws Exception {
        ServerProcess a = nodes.get(0);
        ServerProcess b = nodes.get(1);
        ServerProcess c = nodes.get(2);
        String spec = "{\"name\":\"shared-mcp\",\"protocol\":\"stdio\",\"versionDetail\":{\"version\":\"%s\"}}";
        assertEquals(200, HttpCall.post(a.baseUrl() + "/v3/admin/ai/mcp")
                .param("serverSpecification", spec.formatted("1.0.0")).send().statusCode());
        Await.until(5_000, () -> mcpVersion(b).contains("\"version\":\"1.0.0\""), "node B serves the MCP server");
        assertEquals(200, HttpCall.put(c.baseUrl() + "/v3/admin/ai/mcp")
                .param("serverSpecification", spec.formatted("1.1.0")).param("latest", "true").send().statusCode());
        Await.until(5_000, () -> mcpVersion(a).contains("\"version\":\"1.1.0\""),
                "node A serves the version published through C");
        try (Connection db = MariaDb.connect(); ResultSet rows = db.createStatement().executeQuery(
                "SELECT content FROM config_info WHERE group_id = 'mcp-server'")) {
            assertTrue(rows.next(), "the server is a row of config_info");
            String stored = rows.getString(1);
            assertTrue(stored.contains("\"1.0.0\"") && stored.contains("\"1.1.0\""), "both versions in it: " + stored);
            assertTrue(!rows.next(), "one row holds the server with both versions");
        }
    }

    static String mcpVersion(ServerProcess node) {
        return HttpCall.get(node.baseUrl() + "/v3/admin/ai/mcp").param("mcpName", "shared-mcp").send().body();
    }
}
