package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.Nacos148Peer;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TempDirs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The second step of a rolling upgrade, on a busy machine: the first node of ours started while
 * one 1.4.8 node did not answer yet, so its Raft groups started with that node as a peer, and
 * dropped it once it answered as 1.4.8 (no leader could be elected with it). When that 1.4.8 node
 * is replaced by a second node of ours, the first one's groups take it in, and it becomes ready.
 */
class SecondOfOursAmong148NodesTest {

    static final List<AutoCloseable> started = new ArrayList<>();

    @AfterAll
    static void stop() throws Exception {
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).close();
        }
    }

    @Test
    void aNodeOfOursReplacingA148NodeJoinsTheGroupsTheFirstOneReset() throws Exception {
        List<Integer> ports = LocalCluster.freePorts(3);
        int replaced = ports.get(1);
        String[] settings = {"nacos.standalone=false", "nacos.inetutils.ip-address=127.0.0.1",
            "nacos.member.list=" + String.join(",", ports.stream().map(port -> "127.0.0.1:" + port).toList())};
        started.add(Nacos148Peer.start(ports.get(2)));
        Path home = TempDirs.create("nacosx-node-");
        CompletableFuture<ServerProcess> first = CompletableFuture.supplyAsync(
                () -> ServerProcess.start(home, ports.get(0), settings));
        Await.until(60_000, () -> ServerProcess.logOf(home, "protocol-raft.log").lines().anyMatch(line ->
                        line.contains("with peers") && line.contains("127.0.0.1:" + (replaced - 1000))),
                "the first node of ours starts its groups with the member that has not answered yet");

        Nacos148Peer late = Nacos148Peer.start(replaced);
        ServerProcess ours = first.join();
        started.add(ours);
        late.close();

        ServerProcess second = ServerProcess.startInNewHome(replaced, settings);
        started.add(second);
        List<String> bothOfOurs = List.of("127.0.0.1:" + (ours.port() - 1000), "127.0.0.1:" + (replaced - 1000));
        for (ServerProcess node : List.of(ours, second)) {
            Await.until(60_000, () -> LocalCluster.raftGroups(node).values().stream()
                    .allMatch(peers -> peers.stream().sorted().toList().equals(bothOfOurs.stream().sorted().toList())),
                    "both nodes of ours are the peers of every group on " + node.address());
        }
        assertEquals(200, HttpCall.post(second.baseUrl() + "/v1/ns/instance").param("serviceName", "second-of-ours")
                .param("ip", "10.31.0.1").param("port", "80").param("ephemeral", "false").send().statusCode());
    }
}
