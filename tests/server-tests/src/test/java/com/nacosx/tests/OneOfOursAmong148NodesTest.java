package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.Nacos148Peer;
import com.nacosx.testsupport.ServerProcess;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The first step of a rolling upgrade: one node of ours, on embedded storage, listed with two
 * official 1.4.8 nodes (played). The 1.4.8 nodes answer its first reports over HTTP, so its Raft
 * groups start with it alone and it becomes ready and takes writes, instead of waiting forever for
 * a majority the 1.4.8 nodes can never give.
 */
class OneOfOursAmong148NodesTest {

    static Nacos148Peer first;
    static Nacos148Peer second;
    static ServerProcess ours;

    @BeforeAll
    static void start() {
        List<Integer> ports = LocalCluster.freePorts(3);
        first = Nacos148Peer.start(ports.get(1));
        second = Nacos148Peer.start(ports.get(2));
        ours = ServerProcess.startInNewHome(ports.get(0), "nacos.standalone=false",
                "nacos.inetutils.ip-address=127.0.0.1", "nacos.member.list=127.0.0.1:" + ports.get(0) + ",127.0.0.1:"
                        + ports.get(1) + ",127.0.0.1:" + ports.get(2));
    }

    @AfterAll
    static void stop() {
        ours.close();
        first.close();
        second.close();
    }

    @Test
    void itsRaftGroupsHoldItAloneAndItTakesReplicatedWrites() throws InterruptedException {
        Await.until(30_000, () -> !LocalCluster.raftGroups(ours).isEmpty(), "the node describes its Raft groups");
        LocalCluster.raftGroups(ours).forEach((group, peers) -> assertEquals(
                List.of("127.0.0.1:" + (ours.port() - 1000)), peers, "only this node in " + group));

        assertEquals(200, ClusterWorkload.publish(ours, "among-1.4.8.properties", "k=v"));
        assertEquals("k=v", ClusterWorkload.read(ours, "among-1.4.8.properties"));
        assertEquals(200, HttpCall.post(ours.baseUrl() + "/v1/ns/instance").param("serviceName", "persistent-among-148")
                .param("ip", "10.30.0.1").param("port", "80").param("ephemeral", "false").send().statusCode());
    }
}
