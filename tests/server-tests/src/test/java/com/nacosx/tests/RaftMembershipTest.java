package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TempDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A cluster grows as operators grow it: a node added to every {@code conf/cluster.conf} becomes a
 * member, the Raft leader adds it to the groups' peers, and it catches up with what was written
 * before it came.
 */
class RaftMembershipTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String[] SETTINGS = {"nacos.standalone=false", "nacos.inetutils.ip-address=127.0.0.1",
            "nacos.core.protocol.raft.data.election_timeout_ms=1500"};

    final List<ServerProcess> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(ServerProcess::close);
    }

    static void writeClusterConf(Path home, List<Integer> ports) throws IOException {
        Files.createDirectories(home.resolve("conf"));
        Files.write(home.resolve("conf/cluster.conf"), ports.stream().map(port -> "127.0.0.1:" + port).toList());
    }

    static JsonNode configGroup(ServerProcess node) {
        for (JsonNode group : JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/core/raft").send().body()).get("data")) {
            if ("nacos_config".equals(group.get("group").asString())) {
                return group;
            }
        }
        throw new AssertionError("no nacos_config group on " + node.port());
    }

    @Test
    void aNodeAddedToClusterConfJoinsTheRaftGroupsAndCatchesUp() throws Exception {
        List<Integer> ports = LocalCluster.freePorts(4);
        List<Integer> firstThree = ports.subList(0, 3);
        List<Path> homes = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            homes.add(TempDirs.create("nacosx-member-"));
            writeClusterConf(homes.get(i), i < 3 ? firstThree : ports);
        }
        List<CompletableFuture<ServerProcess>> starting = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int index = i;
            starting.add(CompletableFuture.supplyAsync(
                    () -> ServerProcess.start(homes.get(index), ports.get(index), SETTINGS)));
        }
        starting.forEach(node -> nodes.add(node.join()));
        LocalCluster.awaitAllUp(nodes);
        assertEquals(3, configGroup(nodes.get(0)).get("peers").size());
        assertEquals(200, ClusterWorkload.publish(nodes.get(0), "before-growth.txt", "written by three"));

        CompletableFuture<ServerProcess> fourth = CompletableFuture.supplyAsync(
                () -> ServerProcess.start(homes.get(3), ports.get(3), SETTINGS));
        for (int i = 0; i < 3; i++) {
            writeClusterConf(homes.get(i), ports);
        }
        nodes.add(fourth.join());
        for (ServerProcess node : nodes) {
            Await.until(20_000, () -> configGroup(node).get("peers").size() == 4,
                    "node " + node.port() + " has four peers in nacos_config");
        }
        assertEquals("written by three", ClusterWorkload.read(nodes.get(3), "before-growth.txt"),
                "the new node is ready only once it caught up");
        assertEquals(200, ClusterWorkload.publish(nodes.get(3), "after-growth.txt", "written by four"));
        for (ServerProcess node : nodes) {
            Await.until(3000, () -> "written by four".equals(ClusterWorkload.read(node, "after-growth.txt")),
                    "node " + node.port() + " serves a write taken by the new node");
        }
    }
}
