package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.config.ConfigBatchListenRequest;
import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.MariaDb;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
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
 * nodes, the periodic full sync, and a killed node marked DOWN then UP again.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterMysqlTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final List<ServerProcess> nodes = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        MariaDb.reset();
        MariaDb.createSchema();
        List<String> properties = new ArrayList<>(List.of(MariaDb.serverProperties()));
        properties.add("nacos.config.cluster.full-sync-interval=2s");
        nodes.addAll(LocalCluster.start(3, properties.toArray(String[]::new)));
    }

    @AfterAll
    static void stop() {
        nodes.forEach(ServerProcess::close);
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
        HttpCall.post(nodes.get(0).baseUrl() + "/v1/cs/configs").param("dataId", "healed.txt")
                .param("group", "DEFAULT_GROUP").param("content", "before").send();
        Await.until(2000, () -> "before".equals(read(nodes.get(2), "healed.txt")), "replicated");
        ClusterWorkload.changeInStore("healed.txt", "after");
        for (ServerProcess node : nodes) {
            Await.until(8000, () -> "after".equals(read(node, "healed.txt")),
                    "node " + node.port() + " reloads a change it was never told of");
        }
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
}
