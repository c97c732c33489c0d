package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.consistency.entity.Response;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.Nacos148Peer;
import com.nacosx.testsupport.Nacos148Raft;
import com.nacosx.testsupport.ServerProcess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Persistent instances in a cluster that has a member older than 1.4: every member keeps them in
 * 1.x's old HTTP Raft ({@code /v1/ns/raft}), not in the 1.4 JRaft group. Three nodes of ours
 * started to upgrade from 1.x, and a fourth member played as a 1.3.3 node, whose old Raft requests
 * (vote, beat, commit) were captured off a real 1.4.8 node. While it has not reported, the nodes
 * keep the 1.4 group. Once it reports 1.3.3 they elect a leader among themselves; a persistent
 * instance registered through any of them is held by all with one timestamp, next to the one the
 * group held, and is sent to the 1.3.3 member as 1.x sends commits and beats; a restarted node
 * serves it again; bad votes, beats and commits are refused and change nothing; the 1.x member
 * wins the votes at a higher term, and its beat's newer datum is pulled and its commit applied by
 * every node; once it reports 1.4.8 the old Raft stops and what it held is in the 1.4 group.
 */
class LegacyHttpRaftTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String LIST_KEY = "com.alibaba.nacos.naming.iplist.public##DEFAULT_GROUP@@old-raft";
    static final String RAFT = "/nacos/v1/ns/raft";
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final List<ServerProcess> nodes = new ArrayList<>();

    @AfterAll
    static void stop() {
        nodes.forEach(ServerProcess::close);
    }

    static List<String> hosts(ServerProcess node) {
        List<String> hosts = new ArrayList<>();
        JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/instance/list").param("serviceName", "old-raft").send()
                .body()).path("hosts").forEach(host -> hosts.add(host.path("ip").asText() + ":" + host.path("port")
                .asInt()));
        return hosts.stream().sorted().toList();
    }

    static boolean listedEverywhere(List<String> expected) {
        return nodes.stream().allMatch(node -> hosts(node).equals(expected));
    }

    static HttpResponse<String> leaderOf(ServerProcess node) {
        return HttpCall.get(node.baseUrl() + "/v1/ns/raft/leader").send();
    }

    /** The leader's address as the node knows it; null while it knows none. */
    static String leaderAddress(ServerProcess node) {
        HttpResponse<String> answer = leaderOf(node);
        assertEquals(200, answer.statusCode(), answer.body());
        JsonNode leader = JSON.readTree(JSON.readTree(answer.body()).path("leader").asText());
        return leader == null || leader.isNull() ? null : leader.path("ip").asText();
    }

    static JsonNode datum(ServerProcess node) {
        HttpResponse<String> answer = HttpCall.get(node.baseUrl() + "/v1/ns/raft/datum")
                .param("keys", URLEncoder.encode(LIST_KEY, StandardCharsets.UTF_8)).send();
        assertEquals(200, answer.statusCode(), answer.body());
        return JSON.readTree(answer.body()).get(0);
    }

    static HttpResponse<String> persistent(ServerProcess node, String ip, int port) {
        return HttpCall.post(node.baseUrl() + "/v1/ns/instance").param("serviceName", "old-raft").param("ip", ip)
                .param("port", String.valueOf(port)).param("ephemeral", "false").send();
    }

    /**
     * The played member's beat as a 1.4.8 leader sends it (captured off a real one, kept inflated):
     * {@code {"beat":"<JSON>"}}, raw, gzipped, as application/json; naming the service's list at
     * {@code timestamp}.
     */
    static HttpResponse<String> beat(Nacos148Peer old, ServerProcess node, long term, String state, long timestamp)
            throws IOException, InterruptedException {
        String body = old.body("raft-beat", Map.of("term", String.valueOf(term), "state", state, "service", "old-raft",
                "timestamp", String.valueOf(timestamp)));
        ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(gzipped)) {
            gzip.write(body.getBytes(StandardCharsets.UTF_8));
        }
        return HTTP.send(HttpRequest.newBuilder(URI.create(node.baseUrl() + "/v1/ns/raft/beat"))
                .header("Content-Type", "application/json;charset=UTF-8").header("User-Agent", "Nacos-Server:1.4.8")
                .POST(HttpRequest.BodyPublishers.ofByteArray(gzipped.toByteArray())).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The played member's commit of the service's list holding one instance, as a 1.4.8 leader sends it (raw JSON). */
    static HttpResponse<String> commit(Nacos148Peer old, ServerProcess node, long term, String ip, int port,
            long timestamp) {
        return old.send("raft-commit", node, Map.of("term", String.valueOf(term), "service", "old-raft", "ip", ip,
                "port", String.valueOf(port), "timestamp", String.valueOf(timestamp)));
    }

    static String instanceListDatum(String ip, int port, long timestamp) {
        return "{\"key\":\"" + LIST_KEY + "\",\"value\":{\"instanceList\":[{\"instanceId\":\"" + ip + "#" + port
                + "#DEFAULT#DEFAULT_GROUP@@old-raft\",\"ip\":\"" + ip + "\",\"port\":" + port + ",\"weight\":1.0,"
                + "\"healthy\":true,\"enabled\":true,\"ephemeral\":false,\"clusterName\":\"DEFAULT\",\"serviceName\":"
                + "\"DEFAULT_GROUP@@old-raft\",\"metadata\":{},\"lastBeat\":1764000000000,\"marked\":false,"
                + "\"app\":\"DEFAULT\"}]},\"timestamp\":" + timestamp + "}";
    }

    @Test
    void persistentInstancesGoThroughTheOldHttpRaftWhileAMemberIsOlderThan14() throws Exception {
        List<Integer> ports = LocalCluster.freePorts(4);
        Nacos148Peer old = Nacos148Peer.start(ports.get(3));
        // Its self query would tell ours its version; until it reports one, it tells them nothing.
        old.forget("/nacos/v1/core/cluster/self");
        for (String path : List.of("/nacos/v1/ns/distro/datum", "/nacos/v1/ns/distro/checksum",
                "/nacos/v1/ns/service/status", RAFT + "/datum/commit")) {
            old.answer(path, "ok");
        }
        nodes.addAll(LocalCluster.startOn(ports.subList(0, 3), LocalCluster.upgradingFrom1x(ports)));

        // A member that has not reported nor answered (down, for all ours know) does not bring the old Raft in: ours
        // answer its calls, as 1.x does, but persistent instances go through the 1.4 group.
        assertEquals(200, HttpCall.get(nodes.get(0).baseUrl() + "/v1/ns/raft/peer").send().statusCode());
        Await.until(30_000, () -> persistent(nodes.get(0), "127.0.0.20", 1020).statusCode() == 200,
                "a persistent instance is registered once the 1.4 group has a leader");
        try (Nacos148Raft group = new Nacos148Raft()) {
            Response read = group.read(nodes.get(1).port() - 1000, List.of(LIST_KEY));
            assertEquals(1, JSON.readTree(read.getData().toStringUtf8()).path("values").size(), read.toString());
        }
        assertTrue(datum(nodes.get(1)) == null || datum(nodes.get(1)).isNull());

        // The member reports 1.3.3: the old Raft is in play; what the group held stays listed.
        nodes.forEach(node -> assertEquals(200, old.send("member-report", node, Map.of("version", "1.3.3"))
                .statusCode()));

        // The three of ours are a majority of the four: they elect one of them.
        Await.until(60_000, () -> {
            String leader = leaderAddress(nodes.get(0));
            return leader != null && nodes.stream().allMatch(node -> leader.equals(leaderAddress(node)));
        }, "the nodes of ours agree on a leader of the old Raft");
        String leader = leaderAddress(nodes.get(0));
        assertTrue(nodes.stream().anyMatch(node -> node.address().equals(leader)), leader);
        // Asked with the candidate in the query: 1.4.8 reads the vote only from there.
        assertTrue(old.received(RAFT + "/vote").stream().anyMatch(vote -> vote.query() != null
                && vote.query().startsWith("vote=")), "the 1.3.3 member was asked for its vote");
        ServerProcess follower = nodes.stream().filter(node -> !node.address().equals(leader)).findFirst()
                .orElseThrow();

        // Registered through a follower: passed on to the leader, held by all with one timestamp.
        Await.until(15_000, () -> listedEverywhere(List.of("127.0.0.20:1020")),
                "the group's instance is listed by every node with the old Raft in play");
        assertEquals(200, persistent(follower, "127.0.0.21", 1021).statusCode());
        Await.until(15_000, () -> listedEverywhere(List.of("127.0.0.20:1020", "127.0.0.21:1021")),
                "the persistent instance is listed by every node of ours");
        // (A health check marking it unhealthy writes the list again, at the next timestamp.)
        Await.until(15_000, () -> nodes.stream().allMatch(node -> datum(node) != null
                && datum(node).path("timestamp").asLong() == datum(nodes.get(0)).path("timestamp").asLong()),
                "every node holds the datum at one timestamp");
        List<String> held = new ArrayList<>();
        datum(nodes.get(2)).path("value").path("instanceList").forEach(instance -> held.add(instance.path("ip")
                .asText()));
        assertEquals(List.of("127.0.0.20", "127.0.0.21"), held.stream().sorted().toList());

        // The 1.3.3 member got the commit and the beats as 1.x reads them (URL-decoded once; twice for a beat).
        JsonNode committed = old.received(RAFT + "/datum/commit").stream()
                .map(commit -> JSON.readTree(URLDecoder.decode(commit.body(), StandardCharsets.UTF_8)))
                .filter(datum -> datum.path("datum").path("key").asText().equals(LIST_KEY)
                        && datum.path("datum").path("value").toString().contains("127.0.0.21")).findFirst()
                .orElseThrow();
        assertTrue(committed.path("datum").path("timestamp").asLong() >= 1, committed.toString());
        assertEquals(leader, committed.path("source").path("ip").asText());
        assertEquals("LEADER", committed.path("source").path("state").asText());
        Await.until(15_000, () -> old.received(RAFT + "/beat").stream().anyMatch(beat -> beat.body().contains(
                "iplist.public")), "the leader beats the 1.3.3 member with the key");
        Nacos148Peer.Received beat = old.received(RAFT + "/beat").stream()
                .filter(received -> received.body().contains("iplist.public")).findFirst().orElseThrow();
        String decoded = URLDecoder.decode(URLDecoder.decode(beat.body(), StandardCharsets.UTF_8),
                StandardCharsets.UTF_8);
        JsonNode packet = JSON.readTree(JSON.readTree(decoded).path("beat").asText());
        assertEquals(leader, packet.path("peer").path("ip").asText());
        Map<String, Long> keys = new HashMap<>();
        packet.path("datums").forEach(entry -> keys.put(entry.path("key").asText(), entry.path("timestamp").asLong()));
        assertTrue(keys.containsKey("iplist.public##DEFAULT_GROUP@@old-raft"), keys.toString());
        assertTrue(keys.values().stream().allMatch(timestamp -> timestamp >= 1), keys.toString());

        // Bad input is refused and changes nothing.
        HttpResponse<String> stranger = HttpCall.post(nodes.get(0).baseUrl() + "/v1/ns/raft/vote")
                .param("vote", "{\"ip\":\"127.0.0.99:8848\",\"term\":999999999,\"state\":\"CANDIDATE\"}").send();
        assertEquals(400, stranger.statusCode(), stranger.body());
        assertTrue(stranger.body().contains("can not find peer: 127.0.0.99:8848"), stranger.body());
        HttpResponse<String> follows = beat(old, nodes.get(0), 999_999_999, "FOLLOWER", 1);
        assertEquals(400, follows.statusCode(), follows.body());
        assertTrue(follows.body().contains("invalid state from master"), follows.body());
        HttpResponse<String> notLeader = commit(old, nodes.get(1), 999_999_999, "127.0.0.66", 1066, 9);
        assertEquals(500, notLeader.statusCode(), notLeader.body());
        assertTrue(notLeader.body().contains("tried to publish data but wasn't leader"), notLeader.body());
        HttpResponse<String> noVote = HttpCall.post(nodes.get(0).baseUrl() + "/v1/ns/raft/vote").send();
        assertEquals(400, noVote.statusCode(), noVote.body());
        // A node's write made from a list the leader has replaced since (one lacking 127.0.0.21) would
        // undo the change in between: the leader refuses it, and the writer makes it again.
        ServerProcess leaderNode = nodes.stream().filter(node -> node.address().equals(leader)).findFirst()
                .orElseThrow();
        long timestamp = datum(leaderNode).path("timestamp").asLong();
        HttpResponse<String> stale = HttpCall.post(leaderNode.baseUrl() + "/v1/ns/raft/datum")
                .param("key", LIST_KEY).param("basedOn", String.valueOf(timestamp - 1))
                .json(instanceListDatum("127.0.0.20", 1020, timestamp - 1)).send();
        assertEquals(409, stale.statusCode(), stale.body());
        assertTrue(stale.body().contains("another member changed it meanwhile; read it again and retry"),
                stale.body());
        assertEquals(List.of("127.0.0.20:1020", "127.0.0.21:1021"), hosts(leaderNode));
        assertEquals(List.of("127.0.0.20:1020", "127.0.0.21:1021"), hosts(nodes.get(1)));
        for (ServerProcess node : nodes) {
            long term = JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/raft/peer").send().body()).path("term")
                    .asLong();
            assertTrue(term < 999_999_999, "the refused calls left the term alone: " + term);
        }

        // A node of ours restarted keeps serving what the old Raft holds (from its disk, then from the leader).
        follower.restart();
        Await.until(30_000, () -> hosts(follower).equals(List.of("127.0.0.20:1020", "127.0.0.21:1021")),
                "the restarted node lists the old Raft's instance again");
        Await.until(60_000, () -> {
            String known = leaderAddress(nodes.get(0));
            return known != null && known.equals(leaderAddress(follower));
        }, "the restarted node follows the leader again");
        Await.until(30_000, () -> nodes.stream().map(node -> datum(node).path("timestamp").asLong()).distinct()
                .count() == 1, "every node holds the datum at the leader's timestamp again");

        // A 1.x leader at a higher term: it leads, and its newer datum is pulled by every node of ours.
        long term = 0;
        for (ServerProcess node : nodes) {
            term = Math.max(term, JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/raft/peer").send().body())
                    .path("term").asLong());
        }
        // It stands for leader as 1.4.8 asks (the request captured off a real one): every node votes for it.
        for (ServerProcess node : nodes) {
            HttpResponse<String> vote = old.send("raft-vote", node, Map.of("term", String.valueOf(term + 500)));
            assertEquals(200, vote.statusCode(), vote.body());
            assertEquals(old.address(), JSON.readTree(vote.body()).path("voteFor").asText(), vote.body());
            assertEquals(term + 500, JSON.readTree(vote.body()).path("term").asLong(), vote.body());
        }
        old.answer(RAFT + "/datum", "[" + instanceListDatum("127.0.0.22", 1022, 1000) + "]");
        for (ServerProcess node : nodes) {
            HttpResponse<String> answer = beat(old, node, term + 1000, "LEADER", 1000);
            assertEquals(200, answer.statusCode(), answer.body());
            assertEquals(node.address(), JSON.readTree(answer.body()).path("ip").asText());
            assertEquals(old.address(), leaderAddress(node));
        }
        Await.until(15_000, () -> listedEverywhere(List.of("127.0.0.22:1022")),
                "the 1.x leader's newer instance list replaces the older one on every node of ours");
        String pulled = old.received(RAFT + "/datum").get(0).query();
        assertTrue(URLDecoder.decode(URLDecoder.decode(pulled, StandardCharsets.UTF_8), StandardCharsets.UTF_8)
                .contains("keys=" + LIST_KEY), pulled);
        // Its next write comes as a commit, 1.4.8's raw JSON: every node of ours applies it.
        for (ServerProcess node : nodes) {
            HttpResponse<String> written = commit(old, node, term + 1000, "127.0.0.24", 1024, 1001);
            assertEquals(200, written.statusCode(), written.body());
        }
        Await.until(15_000, () -> listedEverywhere(List.of("127.0.0.24:1024")),
                "the 1.x leader's commit is applied by every node of ours");

        // The member reports 1.4.8: the old Raft stops, and what it held is in the 1.4 group.
        nodes.forEach(node -> assertEquals(200, old.send("member-report", node, Map.of()).statusCode()));
        Await.until(15_000, () -> nodes.stream().allMatch(node -> leaderOf(node).statusCode() == 500),
                "the old Raft stops once every member runs 1.4.0 or later");
        assertTrue(leaderOf(nodes.get(0)).body().contains("old raft protocol already stop"),
                leaderOf(nodes.get(0)).body());
        try (Nacos148Raft group = new Nacos148Raft()) {
            Await.until(30_000, () -> {
                Response read = group.read(nodes.get(0).port() - 1000, List.of(LIST_KEY));
                return read.getSuccess() && JSON.readTree(read.getData().toStringUtf8()).path("values").size() == 1;
            }, "the old Raft's datum is written into the 1.4 group");
        }
        assertEquals(List.of("127.0.0.24:1024"), hosts(nodes.get(2)));
        assertEquals(200, persistent(nodes.get(2), "127.0.0.23", 1023).statusCode());
        Await.until(15_000, () -> listedEverywhere(List.of("127.0.0.23:1023", "127.0.0.24:1024")),
                "a persistent instance registered after the switch goes through the 1.4 group to every node");
    }
}
