package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.naming.InstanceRequest;
import com.nacosx.api.remote.naming.NotifySubscriberRequest;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.Nacos148Peer;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.NamingRequests;
import com.nacosx.testsupport.ServerProcess;
import java.net.URLDecoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A rolling upgrade in compatibility mode: three nodes of ours started with
 * {@code nacos.core.support.upgrade.from.1x=true} beside an official 1.4.8 node (played), then
 * that node replaced by a fourth of ours on its address. In the 1.x mode 2.x naming is refused
 * with the official message and 1.x clients are served; once every member is ours and ready the
 * cluster switches to the 2.x mode, for good (it survives a restart), keeping every instance
 * registered before; an official 1.4.8 node coming back while double write is on (a rollback)
 * brings the 1.x mode back, and a connected 2.x client's instance in a service it owns is kept
 * alive there by beats; turning double write off on one node turns it off on every node.
 */
class UpgradeFrom14Test {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final List<ServerProcess> nodes = new ArrayList<>();
    static final ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor();
    static String[] settings;

    @AfterAll
    static void stop() {
        beats.shutdownNow();
        nodes.forEach(ServerProcess::close);
    }

    static ServerProcess node(int port) {
        return ServerProcess.startInNewHome(port, settings);
    }

    static JsonNode upgradeMetrics(ServerProcess node) {
        return JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/upgrade/ops/metrics").param("json", "true")
                .send().body());
    }

    static Response registerOverGrpc(ServerProcess node, String service) {
        InstanceRequest request = NamingRequests.register("public", service, "10.40.0.1", Map.of());
        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", node.grpcPort())) {
            client.setUp(Map.of("module", "naming")).join();
            return client.requestNow(request);
        }
    }

    /**
     * A 1.x client: registers, then beats every 5 s through the same node and registers again when
     * a beat answers that the instance is unknown (code 20404), as nacos-client 1.x does.
     */
    static void registerAndBeat(ServerProcess node, String service, String ip) {
        HttpResponse<String> answer = register(node, service, ip);
        assertEquals(200, answer.statusCode(), answer.body());
        beats.scheduleWithFixedDelay(() -> {
            String beat = HttpCall.put(node.baseUrl() + "/v1/ns/instance/beat").param("serviceName", service)
                    .param("ip", ip).param("port", "8080").send().body();
            if (beat.contains("\"code\":20404")) {
                register(node, service, ip);
            }
        }, 5, 5, TimeUnit.SECONDS);
    }

    static HttpResponse<String> register(ServerProcess node, String service, String ip) {
        return HttpCall.post(node.baseUrl() + "/v1/ns/instance").param("serviceName", service).param("ip", ip)
                .param("port", "8080").send();
    }

    /** The beat's code (10200 known, 20404 unknown), or the HTTP status when it was not served (503 passing it on). */
    static int beatCode(ServerProcess node, String service, String ip) {
        HttpResponse<String> answer = HttpCall.put(node.baseUrl() + "/v1/ns/instance/beat")
                .param("serviceName", service).param("ip", ip).param("port", "8080").send();
        return answer.statusCode() != 200 ? answer.statusCode() : JSON.readTree(answer.body()).path("code").asInt();
    }

    static int hosts(ServerProcess node, String service) {
        return JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/instance/list").param("serviceName", service)
                .param("healthyOnly", "true").send().body()).path("hosts").size();
    }

    @Test
    void theClusterServes1xFirstThenSwitchesTo2xOnceEveryMemberIsOursAndReady() throws Exception {
        List<Integer> ports = LocalCluster.freePorts(4);
        settings = LocalCluster.upgradingFrom1x(ports);
        Nacos148Peer legacy = Nacos148Peer.start(ports.get(3));
        for (String path : List.of("/nacos/v1/ns/distro/datum", "/nacos/v1/ns/distro/checksum",
                "/nacos/v1/ns/service/status", "/nacos/v1/ns/instance")) {
            legacy.answer(path, "ok");
        }
        nodes.addAll(LocalCluster.startOn(ports.subList(0, 3), settings));

        // The 1.x mode: the 1.4.8 node is a member, so nothing switches and 2.x naming is refused.
        for (ServerProcess node : nodes) {
            JsonNode metrics = upgradeMetrics(node);
            assertFalse(metrics.get("upgraded").asBoolean(), metrics.toString());
            assertTrue(metrics.get("isDoubleWriteEnabled").asBoolean(), metrics.toString());
        }
        Await.until(30_000, () -> !upgradeMetrics(nodes.get(0)).get("isAll20XVersion").asBoolean(),
                "the 1.4.8 member is seen as a 1.x node");
        Response refused = registerOverGrpc(nodes.get(0), "grpc-in-1x-mode");
        assertEquals(500, refused.errorCode, refused.message);
        assertTrue(refused.message.startsWith("Nacos cluster is running with 1.X mode, can't accept gRPC request"),
                refused.message);
        for (int i = 0; i < 3; i++) {
            registerAndBeat(nodes.get(i), "before-switch-" + i, "10.41.0." + i);
        }
        // The 1.4.8 node owns a service and sends it to every member, as 1.x Distro does.
        List<String> addresses = ports.stream().map(port -> "127.0.0.1:" + port).toList();
        String held = IntStream.range(0, 100).mapToObj(i -> "held-by-148-" + i)
                .filter(name -> Nacos148Peer.serviceOwner("DEFAULT_GROUP@@" + name, addresses).equals(legacy.address()))
                .findFirst().orElseThrow();
        for (ServerProcess node : nodes) {
            assertEquals(200, legacy.send("distro-datum", node, Map.of("service", held, "ip", "10.42.0.1")).statusCode());
        }

        // The 1.4.8 node is replaced by one of ours on its address; then every member is ours and ready.
        // Its service is taken over by ours as 1.x takes it over: a beat finds the instance, no 20404.
        legacy.close();
        Await.until(30_000, () -> beatCode(nodes.get(0), held, "10.42.0.1") == 10200,
                "the 1.4.8 node's instance is taken over by ours and its beat is known");
        nodes.add(node(ports.get(3)));
        for (ServerProcess node : nodes) {
            Await.until(60_000, () -> upgradeMetrics(node).get("upgraded").asBoolean(),
                    node.port() + " switches to the 2.x mode");
        }
        Response accepted = registerOverGrpc(nodes.get(1), "grpc-after-switch");
        assertEquals(0, accepted.errorCode, accepted.message);
        for (ServerProcess node : nodes) {
            assertTrue(ServerProcess.logOf(node.home(), "naming-server.log").contains("Upgrade to 2.0.X"),
                    node.port() + " logs the switch");
            for (int i = 0; i < 3; i++) {
                String service = "before-switch-" + i;
                Await.until(15_000, () -> hosts(node, service) == 1, service + " is still listed by " + node.port());
            }
        }

        aSubscriberIsPushedTheRemovalOfInstancesBeatenAndDeregisteredThroughItsNode(nodes.get(0));

        // The switch survives a restart: the state is on disk.
        ServerProcess restarted = nodes.get(2);
        Path home = restarted.home();
        assertTrue(Files.readString(home.resolve("data/upgrade.state")).contains("upgraded=true"));
        restarted.close();
        nodes.set(2, ServerProcess.start(home, restarted.port(), settings));
        assertTrue(upgradeMetrics(nodes.get(2)).get("upgraded").asBoolean(), "still in the 2.x mode after a restart");
        LocalCluster.awaitAllUp(nodes);

        rollBackOneNodeWithA2xClientConnected(ports, addresses);

        // Double write off on one node is off on every node, and cannot be turned back on by a typo.
        HttpResponse<String> typo = HttpCall.put(nodes.get(0).baseUrl() + "/v1/ns/operator/switches")
                .param("entry", "doubleWriteEnabled").param("value", "nope").send();
        assertEquals(400, typo.statusCode(), typo.body());
        HttpResponse<String> off = HttpCall.put(nodes.get(0).baseUrl() + "/v1/ns/operator/switches")
                .param("entry", "doubleWriteEnabled").param("value", "false").send();
        assertEquals(200, off.statusCode(), off.body());
        for (ServerProcess node : nodes) {
            assertFalse(upgradeMetrics(node).get("isDoubleWriteEnabled").asBoolean(), node.port() + " has it off");
        }
    }

    /**
     * After the switch, double write still on: six 1.x instances registered through one node, each
     * then beaten and deregistered through it (the beats answered by a node that is not
     * responsible reach the responsible one a moment later). A 2.x subscriber on that node is
     * pushed their removal, and no push brings them back; before the fix it was never pushed it.
     */
    static void aSubscriberIsPushedTheRemovalOfInstancesBeatenAndDeregisteredThroughItsNode(ServerProcess entry)
            throws Exception {
        String service = "deregistered-after-switch";
        AtomicReference<List<String>> pushed = new AtomicReference<>(List.of());
        Consumer<ServerRequest> onPush = push -> {
            if (push instanceof NotifySubscriberRequest notify && notify.serviceInfo.name.endsWith(service)) {
                pushed.set(notify.serviceInfo.hosts.stream().map(host -> host.ip).toList());
            }
        };
        try (NacosGrpcClient subscriber = NacosGrpcClient.open("127.0.0.1", entry.grpcPort(), null, null, onPush)) {
            subscriber.setUp(Map.of()).join();
            assertTrue(subscriber.requestNow(NamingRequests.subscribe("public", service)).isSuccess());
            List<String> ips = IntStream.range(0, 6).mapToObj(i -> "10.43.0." + i).toList();
            for (String ip : ips) {
                assertEquals(200, register(entry, service, ip).statusCode());
            }
            for (ServerProcess node : nodes) {
                Await.until(5_000, () -> hosts(node, service) == ips.size(), node.port() + " lists all six");
            }
            Await.until(5_000, () -> pushed.get().size() == ips.size(), "the subscriber is pushed all six");
            for (String ip : ips) {
                assertEquals(200, HttpCall.put(entry.baseUrl() + "/v1/ns/instance/beat")
                        .param("serviceName", "DEFAULT_GROUP@@" + service)
                        .param("beat", NamingRequests.oneXBeat(ip, 8080, service)).send().statusCode());
                assertEquals("ok", HttpCall.delete(entry.baseUrl() + "/v1/ns/instance").param("serviceName", service)
                        .param("ip", ip).param("port", "8080").send().body());
            }
            Await.until(5_000, () -> pushed.get().isEmpty(), "the subscriber is pushed the removal");
            // A late beat brought them back within half a second; a few seconds show it does not.
            Thread.sleep(5_000);
            assertEquals(List.of(), pushed.get(), "pushed again after the removal");
            for (ServerProcess node : nodes) {
                assertEquals(0, hosts(node, service), node.port() + " lists none");
            }
        }
    }

    /**
     * A rollback while double write is on: an official 1.4.8 node comes back on the address of the
     * fourth node of ours. The cluster serves 1.x again, and the instance a 2.x client still
     * connected registered, in a service the 1.4.8 node now owns, is kept alive there: the node
     * the client is connected to beats for it (a full beat, as a 1.4.8 client sends it), for as
     * long as the connection lives. The fourth node stays a 1.4.8 node, stopped, for the rest.
     */
    static void rollBackOneNodeWithA2xClientConnected(List<Integer> ports, List<String> addresses)
            throws InterruptedException {
        String comingBack = addresses.get(3);
        String service = IntStream.range(0, 100).mapToObj(i -> "rolled-back-" + i)
                .filter(name -> Nacos148Peer.serviceOwner("DEFAULT_GROUP@@" + name, addresses).equals(comingBack))
                .findFirst().orElseThrow();
        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", nodes.get(0).grpcPort())) {
            client.setUp(Map.of("module", "naming")).join();
            Response registered = client.requestNow(NamingRequests.register("public", service, "10.40.0.9",
                    Map.of("app", "connected-through-the-rollback")));
            assertEquals(0, registered.errorCode, registered.message);

            nodes.remove(3).close();
            try (Nacos148Peer legacy = Nacos148Peer.start(ports.get(3))) {
                for (String path : List.of("/nacos/v1/ns/distro/datum", "/nacos/v1/ns/distro/checksum",
                        "/nacos/v1/ns/service/status", "/nacos/v1/ns/instance")) {
                    legacy.answer(path, "ok");
                }
                legacy.answer("/nacos/v1/ns/instance/beat",
                        "{\"clientBeatInterval\":5000,\"code\":10200,\"lightBeatEnabled\":true}");
                for (ServerProcess node : nodes) {
                    assertEquals(200, legacy.send("member-report", node, Map.of()).statusCode());
                }
                for (ServerProcess node : nodes) {
                    Await.until(30_000, () -> !upgradeMetrics(node).get("upgraded").asBoolean(),
                            node.port() + " serves 1.x again beside the 1.4.8 node");
                    assertTrue(ServerProcess.logOf(node.home(), "naming-server.log").contains("Downgrade to 1.X"));
                }
                Await.until(30_000, () -> !beatsFor(legacy, service).isEmpty(),
                        "the 1.4.8 node is sent beats for the 2.x client's instance");
                Nacos148Peer.Received beat = beatsFor(legacy, service).get(0);
                assertEquals("PUT", beat.method());
                Map<String, String> query = queryOf(beat);
                assertEquals("public", query.get("namespaceId"));
                JsonNode sent = JSON.readTree(query.get("beat"));
                assertEquals("10.40.0.9", sent.get("ip").asString(), sent.toString());
                assertEquals(8080, sent.get("port").asInt());
                assertEquals("DEFAULT", sent.get("cluster").asString());
                assertEquals("DEFAULT_GROUP@@" + service, sent.get("serviceName").asString());
                assertTrue(sent.get("ephemeral").asBoolean());
                assertEquals("connected-through-the-rollback", sent.get("metadata").get("app").asString());
                int sentSoFar = beatsFor(legacy, service).size();
                Await.until(15_000, () -> beatsFor(legacy, service).size() > sentSoFar, "and beats go on every 5 s");
            }
        }
    }

    static List<Nacos148Peer.Received> beatsFor(Nacos148Peer legacy, String service) {
        return legacy.received("/nacos/v1/ns/instance/beat").stream()
                .filter(beat -> ("DEFAULT_GROUP@@" + service).equals(queryOf(beat).get("serviceName"))).toList();
    }

    static Map<String, String> queryOf(Nacos148Peer.Received request) {
        Map<String, String> query = new HashMap<>();
        for (String pair : request.query().split("&")) {
            int equals = pair.indexOf('=');
            query.put(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
        }
        return query;
    }
}
