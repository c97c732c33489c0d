package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.Nacos148Peer;
import com.nacosx.testsupport.NamingRequests;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * 1.x Distro between two nodes of ours, started to upgrade from 1.x (double write on), and an
 * official 1.4.8 node (played from requests captured off a real one). A service belongs to one member as 1.4.8 reckons it: what the 1.4.8 node owns
 * it sends as datums and checksums, and ours hold, pull and drop it as it says; what one of ours
 * owns, ours send it; a 1.x write for a service the 1.4.8 node owns is passed on to it over HTTP.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Nacos148DistroTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String DATUM = "/nacos/v1/ns/distro/datum";
    static final String DATUMS = "/nacos/v1/ns/distro/datums";
    static final String CHECKSUM = "/nacos/v1/ns/distro/checksum";
    static final String INSTANCE = "/nacos/v1/ns/instance";
    static final String STATUS = "/nacos/v1/ns/service/status";
    static final String BEAT = "/nacos/v1/ns/instance/beat";
    static final String BEAT_KNOWN = "{\"clientBeatInterval\":5000,\"code\":10200,\"lightBeatEnabled\":true}";
    static final String KEY_PREFIX = "com.alibaba.nacos.naming.iplist.ephemeral.public##DEFAULT_GROUP@@";

    static Nacos148Peer legacy;
    /** In the 1.4.8 node's snapshot when ours start; 1.x hashes it to one of ours. */
    static String loadedService;
    static final List<ServerProcess> nodes = new ArrayList<>();
    static final List<String> addresses = new ArrayList<>();

    @BeforeAll
    static void start() {
        List<Integer> ports = LocalCluster.freePorts(3);
        ports.forEach(port -> addresses.add("127.0.0.1:" + port));
        legacy = startLegacy(ports.get(2));
        loadedService = serviceOwnedBy("loaded-at-start", owner -> !owner.equals(legacy.address()));
        legacy.answer(DATUMS, legacy.body("distro-datum", Map.of("service", loadedService, "ip", "10.28.0.1")));
        String[] settings = {"nacos.standalone=false", "nacos.inetutils.ip-address=127.0.0.1",
                "nacos.core.support.upgrade.from.1x=true", "nacos.member.list=" + String.join(",", addresses)};
        CompletableFuture<ServerProcess> other = CompletableFuture.supplyAsync(() -> node(ports.get(1), settings));
        nodes.add(node(ports.get(0), settings));
        nodes.add(other.join());
        for (ServerProcess node : nodes) {
            legacy.send("member-report", node, Map.of());
        }
    }

    static Nacos148Peer startLegacy(int port) {
        Nacos148Peer peer = Nacos148Peer.start(port);
        peer.answer(CHECKSUM, "ok");
        peer.answer(INSTANCE, "ok");
        peer.answer(BEAT, BEAT_KNOWN);
        peer.answer(DATUM, "ok");
        peer.answer(STATUS, "ok");
        return peer;
    }

    static ServerProcess node(int port, String[] settings) {
        return ServerProcess.startInNewHome(port, settings);
    }

    @AfterAll
    static void stop() {
        nodes.forEach(ServerProcess::close);
        legacy.close();
    }

    /** A fresh service name that 1.4.8's hash gives to a member {@code owner} accepts. */
    static String serviceOwnedBy(String prefix, Predicate<String> owner) {
        for (int i = 0; ; i++) {
            String service = prefix + "-" + i;
            if (owner.test(Nacos148Peer.serviceOwner("DEFAULT_GROUP@@" + service, addresses))) {
                return service;
            }
        }
    }

    static String ownedByThe148Node(String prefix) {
        return serviceOwnedBy(prefix, legacy.address()::equals);
    }

    static List<String> hostsOn(ServerProcess node, String service) {
        List<String> hosts = new ArrayList<>();
        JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/instance/list").param("serviceName", service).send()
                .body()).path("hosts").forEach(host -> hosts.add(host.get("ip").asString() + ":" + host.get("port")));
        return hosts;
    }

    static String md5(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Ours start beside a 1.4.8 node that holds a service 1.x now gives to one of ours (its owner
     * died): they load the 1.4.8 node's snapshot before they are ready and serve the service, so a
     * beat the 1.4.8 node passes on finds its instance instead of making the client register again.
     */
    @Test
    @Order(1)
    void ourNodesLoadThe148NodesSnapshotAtStartAndServeWhatIsNowOurs() {
        HttpResponse<String> beat = legacy.send("forwarded-beat", nodes.get(0), Map.of("serviceName", loadedService,
                "ip", "10.28.0.1", "port", "8080"));
        assertEquals(10200, JSON.readTree(beat.body()).get("code").asInt(), beat.body());
        for (ServerProcess node : nodes) {
            assertEquals(List.of("10.28.0.1:8080"), hostsOn(node, loadedService));
        }
        assertEquals(2, legacy.received(DATUMS).stream().filter(request -> request.method().equals("GET")).count(),
                "each node of ours loads the snapshot once");
    }

    @Test
    void datumsThe148NodeSendsAreListedOnEveryNodeOfOurs() {
        String service = ownedByThe148Node("sent-by-148");
        for (ServerProcess node : nodes) {
            HttpResponse<String> answer = legacy.send("distro-datum", node, Map.of("service", service,
                    "ip", "10.20.0.1"));
            assertEquals(200, answer.statusCode(), answer.body());
            assertEquals("ok", answer.body());
        }
        for (ServerProcess node : nodes) {
            assertEquals(List.of("10.20.0.1:8080"), hostsOn(node, service));
        }
    }

    @Test
    void aChecksumThatDiffersMakesOursPullTheServiceFromThe148Node() throws Exception {
        String service = ownedByThe148Node("pulled-from-148");
        String key = KEY_PREFIX + service;
        legacy.answer(DATUM, "{\"" + key + "\":{\"key\":\"" + key + "\",\"value\":{\"instanceList\":["
                + "{\"ip\":\"10.21.0.1\",\"port\":8080,\"weight\":1.0,\"healthy\":true,\"enabled\":true,"
                + "\"clusterName\":\"DEFAULT\",\"serviceName\":\"DEFAULT_GROUP@@" + service + "\",\"metadata\":{}},"
                + "{\"ip\":\"10.21.0.2\",\"port\":8080,\"weight\":1.0,\"healthy\":true,\"enabled\":true,"
                + "\"clusterName\":\"DEFAULT\",\"serviceName\":\"DEFAULT_GROUP@@" + service + "\",\"metadata\":{}}"
                + "]},\"timestamp\":3}}");
        ServerProcess node = nodes.get(0);
        try {
            HttpResponse<String> answer = legacy.send("distro-checksum", node, Map.of("service", service,
                    "checksum", md5("different")));
            assertEquals(200, answer.statusCode(), answer.body());
            Await.until(10_000, () -> hostsOn(node, service).size() == 2, "the pulled service is listed");
        } finally {
            legacy.answer(DATUM, "ok");
        }
        Nacos148Peer.Received pull = legacy.received(DATUM).stream()
                .filter(request -> request.method().equals("GET") && request.body().contains(key)).findFirst()
                .orElseThrow();
        assertEquals(Map.of("keys", key), JSON.readValue(pull.body(), Map.class));
        assertTrue(pull.header("Content-Type").startsWith("application/json"), pull.headers().toString());

        long pulls = pullsOf(key);
        String same = md5("10.21.0.1:8080_1.0_true_true_DEFAULT_,10.21.0.2:8080_1.0_true_true_DEFAULT_,");
        assertEquals(200, legacy.send("distro-checksum", node, Map.of("service", service, "checksum", same))
                .statusCode());
        // A pull of another service, asked for after, shows the round was served.
        String other = ownedByThe148Node("pulled-after");
        legacy.send("distro-checksum", node, Map.of("service", other, "checksum", md5("other")));
        Await.until(10_000, () -> pullsOf(KEY_PREFIX + other) == 1, "the other service is pulled");
        assertEquals(pulls, pullsOf(key), "a checksum that matches pulls nothing");
    }

    static long pullsOf(String key) {
        return legacy.received(DATUM).stream()
                .filter(request -> request.method().equals("GET") && request.body().contains(key)).count();
    }

    /**
     * A service the 1.4.8 node no longer lists is kept until it expires: right after a member
     * leaves or comes back the sender may count the members otherwise, and the service is still
     * another member's.
     */
    @Test
    void aServiceThe148NodeNoLongerListsIsKeptUntilItExpires() throws InterruptedException {
        String kept = ownedByThe148Node("kept-by-148");
        String gone = ownedByThe148Node("gone-from-148");
        ServerProcess node = nodes.get(1);
        legacy.send("distro-datum", node, Map.of("service", kept, "ip", "10.22.0.1"));
        legacy.send("distro-datum", node, Map.of("service", gone, "ip", "10.22.0.2"));
        assertEquals(1, hostsOn(node, gone).size());

        assertEquals(200, legacy.send("distro-checksum", node, Map.of("service", kept,
                "checksum", "e8b26c9ca3220eb0e3adba467c57ee48")).statusCode());
        assertEquals(List.of("10.22.0.2:8080"), hostsOn(node, gone));
        Await.until(60_000, () -> hostsOn(node, gone).isEmpty(), "the service no one vouches for expires");
    }

    @Test
    void aServiceOursOwnIsSentToThe148NodeWithThe1xChecksum() throws Exception {
        String service = serviceOwnedBy("sent-to-148", owner -> !owner.equals(legacy.address()));
        String key = KEY_PREFIX + service;
        assertEquals(200, HttpCall.post(nodes.get(0).baseUrl() + "/v1/ns/instance").param("serviceName", service)
                .param("ip", "10.23.0.1").param("port", "8080").param("metadata", "{\"zone\":\"a\"}").send().statusCode());
        Await.until(15_000, () -> legacy.received(DATUM).stream().anyMatch(datum -> datum.method().equals("PUT")
                && datum.body().contains(key) && datum.body().contains("10.23.0.1")), "the datum reaches 1.4.8");
        Nacos148Peer.Received datum = legacy.received(DATUM).stream()
                .filter(request -> request.method().equals("PUT") && request.body().contains(key)).findFirst()
                .orElseThrow();
        JsonNode instance = JSON.readTree(datum.body()).get(key).get("value").get("instanceList").get(0);
        assertEquals("10.23.0.1", instance.get("ip").asString());
        assertEquals(8080, instance.get("port").asInt());
        assertEquals("DEFAULT_GROUP@@" + service, instance.get("serviceName").asString());
        assertEquals("a", instance.get("metadata").get("zone").asString());
        assertTrue(datum.header("User-Agent").startsWith("Nacos-Server"), datum.headers().toString());

        String owner = Nacos148Peer.serviceOwner("DEFAULT_GROUP@@" + service, addresses);
        String checksum = md5("10.23.0.1:8080_1.0_true_true_DEFAULT_zone:a,,");
        Await.until(15_000, () -> legacy.received(CHECKSUM).stream().anyMatch(request ->
                request.query().equals("source=" + owner) && request.body().contains("\"" + key + "\":\"" + checksum
                        + "\"")), "the owner's checksums reach 1.4.8 with the 1.x checksum of the service");
        Await.until(15_000, () -> legacy.received(STATUS).stream().anyMatch(request ->
                serviceStatus(request, owner, service) != null), "the owner gossips the service's status to 1.4.8");
        String gossiped = legacy.received(STATUS).stream().map(request -> serviceStatus(request, owner, service))
                .filter(Objects::nonNull).findFirst().orElseThrow();
        assertTrue(gossiped.matches("[0-9a-f]{32}"), gossiped);
    }

    /** The checksum {@code owner} gossiped for the service in this request, or null. */
    static String serviceStatus(Nacos148Peer.Received request, String owner, String service) {
        JsonNode body = JSON.readTree(request.body());
        if (!request.method().equals("POST") || !owner.equals(body.path("clientIP").asString(""))) {
            return null;
        }
        JsonNode statuses = JSON.readTree(body.path("statuses").asString("{}"));
        JsonNode checksum = statuses.path("serviceName2Checksum").path("DEFAULT_GROUP@@" + service);
        return statuses.path("namespaceId").asString("").equals("public") && checksum.isString()
                ? checksum.asString() : null;
    }

    @Test
    void aWriteForAServiceThe148NodeOwnsIsPassedOnToItOverHttp() {
        String service = ownedByThe148Node("written-to-148");
        HttpResponse<String> answer = HttpCall.post(nodes.get(1).baseUrl() + "/v1/ns/instance")
                .param("serviceName", service).param("ip", "10.24.0.1").param("port", "8080").send();
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals("ok", answer.body());
        Nacos148Peer.Received passedOn = legacy.received(INSTANCE).stream()
                .filter(request -> request.query().contains("serviceName=" + service)).findFirst().orElseThrow();
        assertEquals("POST", passedOn.method());
        assertTrue(passedOn.query().contains("ip=10.24.0.1"), passedOn.query());
        assertEquals(List.of(), hostsOn(nodes.get(1), service), "kept by the 1.4.8 node, not here");
    }

    @Test
    void ourNodesAnswerThe148NodesStartUpLoadWithEveryService() throws InterruptedException {
        String service = serviceOwnedBy("loaded-by-148", owner -> !owner.equals(legacy.address()));
        assertEquals(200, HttpCall.post(nodes.get(0).baseUrl() + "/v1/ns/instance").param("serviceName", service)
                .param("ip", "10.25.0.1").param("port", "8080").send().statusCode());
        for (ServerProcess node : nodes) {
            Await.until(10_000, () -> {
                HttpResponse<String> answer = legacy.send("distro-datums", node, Map.of());
                JsonNode datum = JSON.readTree(answer.body()).path(KEY_PREFIX + service);
                return answer.statusCode() == 200 && datum.path("value").path("instanceList").path(0).path("ip")
                        .asString("").equals("10.25.0.1");
            }, node.port() + " serves the service in its snapshot");
        }
    }

    @Test
    void theStatusGossipOfThe148NodeIsTakenAndAStrangersRefused() {
        HttpResponse<String> answer = legacy.send("service-status", nodes.get(0), Map.of("service",
                ownedByThe148Node("gossiped"), "checksum", "f1f1886f3976fb1cac19dc2b27c177ed"));
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals("ok", answer.body());

        HttpResponse<String> stranger = legacy.send("service-status", nodes.get(0), Map.of("selfPort", "1",
                "service", "gossiped", "checksum", "f1f1886f3976fb1cac19dc2b27c177ed"));
        assertEquals(400, stranger.statusCode(), stranger.body());
        assertTrue(stranger.body().contains("127.0.0.1:1 is not in serverlist"), stranger.body());

        HttpResponse<String> garbled = HttpCall.post(nodes.get(0).baseUrl() + "/v1/ns/service/status")
                .json("{\"clientIP\":\"" + legacy.address() + "\",\"statuses\":\"[1]\"}").send();
        assertEquals(400, garbled.statusCode(), garbled.body());
        assertTrue(garbled.body().contains("statuses"), garbled.body());
    }

    @Test
    void aBeatThe148NodePassedOnIsServedAmongOurs() {
        String service = serviceOwnedBy("beaten-through-148", owner -> !owner.equals(legacy.address()));
        Map<String, String> instance = Map.of("serviceName", service, "ip", "10.27.0.1", "port", "8080");
        HttpResponse<String> unknown = legacy.send("forwarded-beat", nodes.get(0), instance);
        assertEquals(200, unknown.statusCode(), unknown.body());
        assertEquals(20404, JSON.readTree(unknown.body()).get("code").asInt(), unknown.body());

        assertEquals("ok", legacy.send("forwarded-register", nodes.get(1), instance).body());
        HttpResponse<String> known = legacy.send("forwarded-beat", nodes.get(0), instance);
        assertEquals(10200, JSON.readTree(known.body()).get("code").asInt(), known.body());
    }

    /**
     * While the 1.4.8 node is down, a service 1.x gives to it belongs to one of ours; when it comes
     * back the service is its again: ours hold what they registered as its (their beats go there
     * now, so ours must not expire them) and pass the beats on to it. Runs last: it restarts the
     * 1.4.8 node.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void aServiceOfOursThatIsThe148NodesAgainIsHeldAsItsAndItsBeatsGoThere() throws InterruptedException {
        int legacyPort = legacy.port();
        legacy.close();
        // Before ours have seen it go, the writes and beats they would pass on to it are served where
        // they land: a 1.x client that tries each server in turn would otherwise find every one fail.
        String orphaned = ownedByThe148Node("orphaned");
        HttpResponse<String> registered = HttpCall.post(nodes.get(0).baseUrl() + "/v1/ns/instance")
                .param("serviceName", orphaned).param("ip", "10.30.0.1").param("port", "8080").send();
        assertEquals("ok", registered.body());
        HttpResponse<String> beaten = HttpCall.put(nodes.get(1).baseUrl() + "/v1/ns/instance/beat")
                .param("serviceName", "DEFAULT_GROUP@@" + orphaned)
                .param("beat", NamingRequests.oneXBeat("10.30.0.2", 8080, orphaned)).send();
        assertEquals(200, beaten.statusCode(), beaten.body());
        for (ServerProcess node : nodes) {
            Await.until(5_000, () -> hostsOn(node, orphaned).size() == 2, node.port() + " lists both");
        }
        for (ServerProcess node : nodes) {
            Await.until(30_000, () -> LocalCluster.stateOf(legacyPort, node).equals("DOWN"),
                    node.port() + " sees the 1.4.8 node down");
        }
        String service = ownedByThe148Node("back-to-148");
        assertEquals(200, HttpCall.post(nodes.get(0).baseUrl() + "/v1/ns/instance").param("serviceName", service)
                .param("ip", "10.29.0.1").param("port", "8080").send().statusCode());

        legacy = startLegacy(legacyPort);
        for (ServerProcess node : nodes) {
            legacy.send("member-report", node, Map.of());
        }
        Await.until(30_000, () -> nodes.stream().anyMatch(node -> node.log("protocol-distro.log")
                .contains(service + " now belongs to " + legacy.address())), "the node of ours that had it cedes it");
        Await.until(15_000, () -> legacy.received(DATUM).stream().anyMatch(datum -> datum.method().equals("PUT")
                && datum.body().contains(KEY_PREFIX + service) && datum.body().contains("\"lastBeat\"")),
                "the service is sent to the 1.4.8 node with its instances' last beats");
        for (ServerProcess node : nodes) {
            assertEquals(List.of("10.29.0.1:8080"), hostsOn(node, service), node.port() + " still lists it");
            HttpResponse<String> beat = HttpCall.put(node.baseUrl() + "/v1/ns/instance/beat")
                    .param("serviceName", service).param("ip", "10.29.0.1").param("port", "8080").send();
            assertEquals(10200, JSON.readTree(beat.body()).path("code").asInt(), beat.body());
        }
        assertEquals(2, legacy.received(BEAT).stream().filter(beat -> beat.query().contains("serviceName=" + service))
                .count(), "both beats were passed on to the 1.4.8 node");
    }

    @Test
    void badDistroRequestsAreRefusedByNameAndChangeNothing() {
        ServerProcess node = nodes.get(0);
        String base = node.baseUrl() + "/v1/ns/distro";
        HttpResponse<String> empty = HttpCall.put(base + "/datum").json("{}").send();
        assertEquals(400, empty.statusCode(), empty.body());
        assertTrue(empty.body().contains("com.alibaba.nacos.naming.iplist.ephemeral."), empty.body());

        String service = ownedByThe148Node("bad-datum");
        String key = KEY_PREFIX + service;
        HttpResponse<String> noIp = HttpCall.put(base + "/datum").json("{\"" + key + "\":{\"key\":\"" + key
                + "\",\"value\":{\"instanceList\":[{\"ip\":\"10.26.0.1\",\"port\":80},{\"port\":81}]}}}").send();
        assertEquals(400, noIp.statusCode(), noIp.body());
        assertTrue(noIp.body().contains("has no ip or port"), noIp.body());
        assertEquals(List.of(), hostsOn(node, service), "nothing of a refused body is kept");

        HttpResponse<String> stranger = HttpCall.put(base + "/checksum").param("source", "127.0.0.1:1")
                .json("{}").send();
        assertEquals(400, stranger.statusCode(), stranger.body());
        assertTrue(stranger.body().contains("not an official 1.x member"), stranger.body());

        HttpResponse<String> noKeys = HttpCall.get(base + "/datum").json("{}").send();
        assertEquals(400, noKeys.statusCode(), noKeys.body());
        assertTrue(noKeys.body().contains("keys"), noKeys.body());
    }
}
