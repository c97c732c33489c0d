package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.naming.Instance;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.distro.DistroClient;
import com.nacosx.api.remote.distro.DistroDataRequest;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A node of a cluster before it is ready and when it stops. Alone of two members it cannot be
 * ready (its Raft groups have no majority), so it is looked at while it starts: it sends 1.x
 * clients elsewhere, as an official node does while its data loads, lets its peers' requests in,
 * and tells its peers it is STARTING, so that they pass it none of the clients' requests until it
 * says it is ready. When it stops, it tells them so.
 */
class StartingNodeTest {

    static final String CLIENT = "Nacos-Java-Client:v1.4.8";
    static final String PEER = "Nacos-Server:1.4.8";

    final List<ServerProcess> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(ServerProcess::close);
    }

    @Test
    void aStartingNodeSendsClientsElsewhereAndItsPeersWaitUntilItIsReady() throws Exception {
        List<Integer> ports = LocalCluster.freePorts(2);
        String[] settings = LocalCluster.memberOf(ports);
        ServerProcess starting = ServerProcess.spawnInNewHome(ports.get(0), settings);
        nodes.add(starting);
        Await.until(60_000, () -> answers(starting), "the first node's HTTP port answers");
        Await.until(10_000, () -> "DOWN".equals(LocalCluster.stateOf(ports.get(1), starting)),
                "the first node finds the second member down (until then it would pass it its share)");

        assertEquals(503, HttpCall.get(starting.baseUrl() + "/v1/console/health/readiness").send().statusCode(),
                "alone of two members it cannot be ready");
        assertEquals("STARTING", health(starting), "what it tells its peers");
        HttpResponse<String> beat = beat(starting, "10.0.0.1", CLIENT);
        assertEquals(503, beat.statusCode(), beat.body());
        assertTrue(beat.body().contains("server is STARTING now, please try again later!"), beat.body());
        HttpResponse<String> register = register(starting, "10.0.0.4", CLIENT);
        assertEquals(503, register.statusCode(), "a write is sent elsewhere too, and nothing is done: " + register.body());
        HttpResponse<String> passedOn = beat(starting, "10.0.0.3", PEER);
        assertEquals(200, passedOn.statusCode(), "a peer's request is part of the start: " + passedOn.body());
        assertEquals(200, HttpCall.get(starting.baseUrl() + "/v1/core/cluster/nodes").send().statusCode(),
                "the cluster API is not naming's: it answers");
        try (NacosGrpcClient peer = NacosGrpcClient.connect("127.0.0.1", starting.grpcPort() + 1)) {
            Response synced = peer.requestNow(distroChange("127.0.0.1:" + ports.get(1), "10.0.0.5"));
            assertTrue(synced.isSuccess(), "a peer's sync is taken while the node loads, so that what changes "
                    + "after the peer's snapshot is here once it is ready: " + synced.message);
        }
        assertTrue(HttpCall.get(starting.baseUrl() + "/v1/ns/instance/list").param("serviceName", "starting-svc")
                .header("User-Agent", PEER).send().body().contains("10.0.0.5"), "the synced client is held");

        ServerProcess second = ServerProcess.startInNewHome(ports.get(1), settings);
        nodes.add(second);
        starting.awaitReady();
        assertEquals("UP", health(starting));
        Await.until(10_000, () -> "UP".equals(LocalCluster.stateOf(starting, second)),
                "the second node sees the first UP once it said it is ready");
        assertTrue(starting.log("nacos-cluster.log").contains("this node is ready: telling its peers"));

        assertEquals(200, register(starting, "10.0.0.2", CLIENT).statusCode());
        Await.until(10_000, () -> HttpCall.get(second.baseUrl() + "/v1/ns/instance/list")
                .param("serviceName", "starting-svc").send().body().contains("10.0.0.2"),
                "registered through the first node once it is ready, listed by both");
        assertFalse(HttpCall.get(starting.baseUrl() + "/v1/ns/instance/list").param("serviceName", "starting-svc")
                .send().body().contains("10.0.0.4"), "the refused register did nothing");

        starting.close();
        assertTrue(second.log("nacos-cluster.log").contains(starting.address() + " reported itself: Seen[state=DOWN"),
                "the stopping node told its peer before it went: " + second.log("nacos-cluster.log"));
        assertEquals("DOWN", LocalCluster.stateOf(starting, second));
    }

    /** A peer's Distro sync of one 1.x client with an instance in starting-svc. */
    private static DistroDataRequest distroChange(String source, String ip) {
        Instance instance = new Instance();
        instance.ip = ip;
        instance.port = 8080;
        instance.clusterName = "DEFAULT";
        DistroClient.Published published = new DistroClient.Published();
        published.namespace = "public";
        published.groupName = "DEFAULT_GROUP";
        published.serviceName = "starting-svc";
        published.instances.add(instance);
        DistroClient client = new DistroClient();
        client.clientId = ip + ":8080#true";
        client.revision = 1;
        client.published.add(published);
        DistroDataRequest change = new DistroDataRequest();
        change.dataOperation = DistroDataRequest.CHANGE;
        change.source = source;
        change.clients.add(client);
        return change;
    }

    private static boolean answers(ServerProcess node) {
        try {
            HttpCall.get(node.baseUrl() + "/v1/console/health/liveness").send();
            return true;
        } catch (IllegalStateException notYet) {
            return false;
        }
    }

    private static String health(ServerProcess node) {
        return HttpCall.get(node.baseUrl() + "/v2/core/cluster/node/self/health").send().body()
                .replaceAll(".*\"data\":\"([A-Z]+)\".*", "$1");
    }

    private static HttpResponse<String> beat(ServerProcess node, String ip, String agent) {
        return HttpCall.put(node.baseUrl() + "/v1/ns/instance/beat").param("serviceName", "starting-svc")
                .param("ip", ip).param("port", "8080").header("User-Agent", agent).send();
    }

    private static HttpResponse<String> register(ServerProcess node, String ip, String agent) {
        return HttpCall.post(node.baseUrl() + "/v1/ns/instance").param("serviceName", "starting-svc")
                .param("ip", ip).param("port", "8080").header("User-Agent", agent).send();
    }
}
