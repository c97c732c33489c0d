package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A node that becomes ready beside a cluster that has served for longer than the warm-up (as a
 * restarted node does) takes its share of the 1.x instances over the warm-up, says so to its
 * peers, and until then sends part of the clients' beats that other nodes serve to another
 * server; nodes that start together take their shares at once.
 */
class WarmingUpNodeTest {

    static final long WARM_UP_MILLIS = 10_000;
    static final int BEATS = 20;

    final List<ServerProcess> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(ServerProcess::close);
    }

    @Test
    void aNodeJoiningAServingClusterWarmsUpWhileNodesStartedTogetherDoNot() throws Exception {
        List<Integer> ports = LocalCluster.freePorts(3);
        String[] settings = LocalCluster.memberOf(ports, "nacos.naming.distro.warm-up=" + WARM_UP_MILLIS + "ms");
        nodes.addAll(LocalCluster.startOn(ports.subList(0, 2), settings));
        ServerProcess first = nodes.get(0);
        JsonNode firstShare = LocalCluster.extendInfo(first, first).path("distroShare");
        assertEquals(firstShare.get("from").asLong(), firstShare.get("until").asLong(),
                "started together with the second node, it took its share at once: " + firstShare);
        long served = firstShare.get("until").asLong() + WARM_UP_MILLIS;
        Await.until(WARM_UP_MILLIS + 10_000, () -> System.currentTimeMillis() > served,
                "the first two nodes have served their whole shares for a warm-up");

        ServerProcess joining = ServerProcess.startInNewHome(ports.get(2), settings);
        nodes.add(joining);
        int sentElsewhere = 0;
        for (int i = 0; i < BEATS; i++) {
            HttpResponse<String> beat = beat(joining, "10.1.0." + i);
            if (beat.statusCode() == 503) {
                assertTrue(beat.body().startsWith("caused: server is WARMING UP now"), beat.body());
                sentElsewhere++;
            } else {
                assertEquals(200, beat.statusCode(), beat.body());
            }
        }
        assertTrue(sentElsewhere > 0, "no beat of " + BEATS + " was sent elsewhere in the warm-up's first seconds");
        JsonNode share = LocalCluster.extendInfo(joining, joining).path("distroShare");
        assertEquals(WARM_UP_MILLIS, share.get("until").asLong() - share.get("from").asLong(),
                "it takes its share over the warm-up: " + share);
        Await.until(10_000, () -> share.equals(LocalCluster.extendInfo(joining, first).path("distroShare")),
                "its peers heard the span of its warm-up");
        Await.until(10_000, () -> joining.log("protocol-distro.log").contains(
                "taking this node's share of the 1.x instances over " + WARM_UP_MILLIS + " ms"), "it logs its warm-up");

        Await.until(WARM_UP_MILLIS + 10_000, () -> System.currentTimeMillis() > share.get("until").asLong(),
                "the warm-up is over");
        for (int i = 0; i < BEATS; i++) {
            HttpResponse<String> beat = beat(joining, "10.1.0." + i);
            assertEquals(200, beat.statusCode(), "once it has warmed up, it passes every beat on: " + beat.body());
        }
    }

    private static HttpResponse<String> beat(ServerProcess node, String ip) {
        return HttpCall.put(node.baseUrl() + "/v1/ns/instance/beat").param("serviceName", "warming-svc")
                .param("ip", ip).param("port", "8080").header("User-Agent", "Nacos-Java-Client:v1.4.8").send();
    }
}
