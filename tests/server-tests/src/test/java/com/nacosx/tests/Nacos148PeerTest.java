package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.MariaDb;
import com.nacosx.testsupport.Nacos148Peer;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two nodes of ours and an official 1.4.8 node (played from requests captured off a real one) in
 * one member list, sharing a real MariaDB: ours report themselves to the 1.4.8 node over HTTP (it
 * has no gRPC port) and take its HTTP reports, so each side sees the other UP, and each side tells
 * the other of its config changes the 1.x way ({@code /v1/cs/communication/dataChange}). Two of
 * ours, because our Raft groups need a majority of the members and a 1.4.8 node is not in them.
 */
class Nacos148PeerTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String REPORT = "/nacos/v1/core/cluster/report";
    static final String SELF = "/nacos/v1/core/cluster/self";
    static final String DATA_CHANGE = "/nacos/v1/cs/communication/dataChange";

    static Nacos148Peer legacy;
    static final List<ServerProcess> nodes = new ArrayList<>();
    static ServerProcess ours;

    @BeforeAll
    static void start() throws Exception {
        MariaDb.reset();
        MariaDb.createSchema();
        try (Connection db = MariaDb.connect(); Statement statement = db.createStatement()) {
            statement.execute(MysqlModeTest.LEGACY_BETA_TABLE);
            statement.execute(MysqlModeTest.LEGACY_TAG_TABLE);
        }
        List<Integer> ports = LocalCluster.freePorts(3);
        legacy = Nacos148Peer.start(ports.get(2));
        legacy.answer(DATA_CHANGE, "true");
        List<String> settings = new ArrayList<>(List.of(MariaDb.serverProperties()));
        settings.addAll(List.of("nacos.standalone=false", "nacos.inetutils.ip-address=127.0.0.1",
                "nacos.member.list=" + String.join(",", ports.stream().map(port -> "127.0.0.1:" + port).toList())));
        CompletableFuture<ServerProcess> other = CompletableFuture.supplyAsync(() -> node(ports.get(1), settings));
        ours = node(ports.get(0), settings);
        nodes.add(ours);
        nodes.add(other.join());
    }

    static ServerProcess node(int port, List<String> settings) {
        return ServerProcess.startInNewHome(port, settings.toArray(String[]::new));
    }

    @AfterAll
    static void stop() {
        nodes.forEach(ServerProcess::close);
        legacy.close();
        MariaDb.stop();
    }

    static JsonNode member(String address) {
        for (JsonNode member : JSON.readTree(HttpCall.get(ours.baseUrl() + "/v1/core/cluster/nodes").send().body())
                .get("data")) {
            if (member.get("address").asString().equals(address)) {
                return member;
            }
        }
        return null;
    }

    /** The reports {@code node} sent to the 1.4.8 node so far. */
    static List<Nacos148Peer.Received> reportsFrom(ServerProcess node) {
        return legacy.received(REPORT).stream()
                .filter(report -> JSON.readTree(report.body()).get("port").asInt() == node.port()).toList();
    }

    @Test
    void ourNodesReportThemselvesToThe148NodeOverHttpAsA148NodeWould() throws Exception {
        for (ServerProcess node : nodes) {
            Await.until(30_000, () -> !reportsFrom(node).isEmpty(), "a report of " + node.port() + " reaches 1.4.8");
        }
        Nacos148Peer.Received report = reportsFrom(ours).get(0);
        assertEquals("POST", report.method());
        assertTrue(report.header("Content-Type").startsWith("application/json"), report.header("Content-Type"));
        assertTrue(report.header("User-Agent").startsWith("Nacos-Server"), report.header("User-Agent"));
        assertNotNull(report.header("Nacos-Server"));
        JsonNode body = JSON.readTree(report.body());
        assertEquals("127.0.0.1", body.get("ip").asString());
        assertEquals("127.0.0.1:" + ours.port(), body.get("address").asString());
        assertEquals("UP", body.get("state").asString(), "1.4.8 marks a reporter UP whatever it says, so a node "
                + "reports only once it is ready: " + report.body());
        assertTrue(legacy.received(SELF).size() >= nodes.size(), "until then each node only asks for the 1.4.8 "
                + "node's self: " + legacy.received(SELF));
        assertTrue(legacy.received(SELF).stream().allMatch(query -> query.method().equals("GET")));
        assertEquals(String.valueOf(ours.port() - 1000), body.get("extendInfo").get("raftPort").asString());
        assertTrue(body.get("extendInfo").get("version").asString().startsWith("2."), report.body());

        Await.until(30_000, () -> "UP".equals(member(legacy.address()).get("state").asString()),
                "the 1.4.8 node is UP for ours, its HTTP answer counting as the report's");
        int reports = reportsFrom(ours).size();
        Await.until(30_000, () -> reportsFrom(ours).size() >= reports + 2, "reports keep coming every 2 s");
        assertTrue(legacy.received(REPORT).stream().allMatch(each -> JSON.readTree(each.body()).get("state")
                .asString().equals("UP")), "no node reports before it is ready");
    }

    @Test
    void the148NodesReportMakesItUpAndShowsItsVersion() {
        HttpResponse<String> answer = legacy.send("member-report", ours, Map.of());
        assertEquals(200, answer.statusCode(), answer.body());
        JsonNode result = JSON.readTree(answer.body());
        assertEquals(200, result.get("code").asInt());
        JsonNode self = JSON.readTree(result.get("data").asString());
        assertEquals("127.0.0.1:" + ours.port(), self.get("address").asString());

        JsonNode seen = member(legacy.address());
        assertEquals("UP", seen.get("state").asString());
        assertEquals("1.4.8", seen.get("extendInfo").get("version").asString());
    }

    @Test
    void aReportWithoutItsAddressIsRefusedAndChangesNothing() {
        String before = member(legacy.address()).toString();
        HttpResponse<String> answer = HttpCall.post(ours.baseUrl() + "/v1/core/cluster/report").json("{\"state\":\"UP\"}")
                .send();
        JsonNode result = JSON.readTree(answer.body());
        assertEquals(400, result.get("code").asInt(), answer.body());
        assertTrue(result.get("message").asString().contains("Node information is illegal"), answer.body());

        HttpResponse<String> garbled = HttpCall.post(ours.baseUrl() + "/v1/core/cluster/report").json("{\"ip\":").send();
        assertEquals(400, garbled.statusCode(), garbled.body());
        assertTrue(garbled.body().contains("the reporting node"), garbled.body());
        assertEquals(before.replaceAll("\"lastRefreshTime\":\\d+", ""),
                member(legacy.address()).toString().replaceAll("\"lastRefreshTime\":\\d+", ""));
    }

    @Test
    void aReportFromANodeOutsideTheMemberListAddsNothing() {
        HttpResponse<String> answer = legacy.send("member-report", ours, Map.of("selfPort", "1"));
        assertEquals(200, JSON.readTree(answer.body()).get("code").asInt(), answer.body());
        assertEquals(null, member("127.0.0.1:1"));
    }

    @Test
    void aConfigPublishedHereIsAnnouncedToThe148NodeAsItsPeersAnnounceIt() throws Exception {
        Await.until(30_000, () -> "UP".equals(member(legacy.address()).get("state").asString()),
                "the 1.4.8 node is UP");
        assertEquals(200, ClusterWorkload.publish(ours, "told-to-1.4.8.properties", "k=v"));
        Await.until(30_000, () -> legacy.received(DATA_CHANGE).stream()
                .anyMatch(notice -> notice.query().contains("dataId=told-to-1.4.8.properties")),
                "the 1.4.8 node is told of the change");
        Nacos148Peer.Received notice = legacy.received(DATA_CHANGE).stream()
                .filter(request -> request.query().contains("dataId=told-to-1.4.8.properties")).findFirst()
                .orElseThrow();
        assertEquals("GET", notice.method());
        assertEquals("dataId=told-to-1.4.8.properties&group=DEFAULT_GROUP", notice.query());
        assertTrue(Long.parseLong(notice.header("lastModified")) > 0, notice.headers().toString());
        assertEquals("127.0.0.1", notice.header("opHandleIp"));
        assertTrue(notice.header("User-Agent").startsWith("Nacos-Server"), notice.header("User-Agent"));
    }

    @Test
    void aChangeThe148NodeMadeInTheSharedStoreIsServedHereOnceItSaysSo() throws Exception {
        assertEquals(200, ClusterWorkload.publish(ours, "changed-by-1.4.8.properties", "before"));
        ClusterWorkload.changeInStore("changed-by-1.4.8.properties", "after");
        HttpResponse<String> answer = legacy.send("data-change", ours, Map.of("dataId", "changed-by-1.4.8.properties",
                "group", "DEFAULT_GROUP"));
        assertEquals(200, answer.statusCode(), answer.body());
        assertEquals("true", answer.body());
        assertEquals("after", ClusterWorkload.read(ours, "changed-by-1.4.8.properties"));
    }

    /** The one row of a 1.x variant table the query finds, as {@code content|expr}, or null. */
    static String legacyRow(String query) throws Exception {
        try (Connection db = MariaDb.connect(); Statement statement = db.createStatement();
             ResultSet rows = statement.executeQuery(query)) {
            return rows.next() ? rows.getString(1) + "|" + rows.getString(2) : null;
        }
    }

    static void changeLegacyTable(String sql) throws Exception {
        try (Connection db = MariaDb.connect(); Statement statement = db.createStatement()) {
            statement.execute(sql);
        }
    }

    static boolean noticed(String query, String header) {
        return legacy.received(DATA_CHANGE).stream().anyMatch(notice -> notice.query().equals(query)
                && (header == null || "true".equals(notice.header(header))));
    }

    @Test
    void variantsPublishedHereAreWrittenWhereThe148NodeReadsThemAndAnnouncedAsItsPeersAnnounceThem()
            throws Exception {
        String configs = ours.baseUrl() + "/v1/cs/configs";
        assertEquals(200, HttpCall.post(configs).param("dataId", "variant-here.txt").param("group", "DEFAULT_GROUP")
                .param("content", "beta-here").header("betaIps", "10.2.2.2").send().statusCode());
        assertEquals("beta-here|10.2.2.2", legacyRow("SELECT content, beta_ips FROM config_info_beta "
                + "WHERE data_id = 'variant-here.txt'"));
        Await.until(30_000, () -> noticed("dataId=variant-here.txt&group=DEFAULT_GROUP", "isBeta"),
                "the 1.4.8 node is told its beta variant changed");

        assertEquals(200, HttpCall.post(configs).param("dataId", "variant-here.txt").param("group", "DEFAULT_GROUP")
                .param("content", "tag-here").param("tag", "canary").send().statusCode());
        assertEquals("tag-here|canary", legacyRow("SELECT content, tag_id FROM config_info_tag "
                + "WHERE data_id = 'variant-here.txt'"));
        Await.until(30_000, () -> noticed("dataId=variant-here.txt&group=DEFAULT_GROUP&tag=canary", null),
                "the 1.4.8 node is told the tag variant changed");

        assertEquals(200, HttpCall.delete(configs).param("dataId", "variant-here.txt").param("group", "DEFAULT_GROUP")
                .param("beta", "true").send().statusCode());
        assertEquals(null, legacyRow("SELECT content, beta_ips FROM config_info_beta "
                + "WHERE data_id = 'variant-here.txt'"));
    }

    @Test
    void aVariantThe148NodeChangedInItsTableIsServedHereOnceItSaysSo() throws Exception {
        assertEquals(200, ClusterWorkload.publish(ours, "variant-by-1.4.8.txt", "formal"));
        String notice = ours.baseUrl() + "/v1/cs/communication/dataChange";
        changeLegacyTable("INSERT INTO config_info_beta (data_id, group_id, tenant_id, content, beta_ips, md5, "
                + "encrypted_data_key, gmt_modified) VALUES ('variant-by-1.4.8.txt', 'DEFAULT_GROUP', '', 'beta-148', "
                + "'10.3.3.3', '" + ClusterWorkload.md5("beta-148") + "', '', NOW() + INTERVAL 1 SECOND)");
        assertEquals("true", HttpCall.get(notice).param("dataId", "variant-by-1.4.8.txt").param("group", "DEFAULT_GROUP")
                .header("isBeta", "true").send().body());
        HttpCall betaRead = HttpCall.get(ours.baseUrl() + "/v1/cs/configs").param("dataId", "variant-by-1.4.8.txt")
                .param("group", "DEFAULT_GROUP").header("X-Forwarded-For", "10.3.3.3");
        assertEquals("beta-148", betaRead.send().body());

        changeLegacyTable("INSERT INTO config_info_tag (data_id, group_id, tenant_id, tag_id, content, md5) VALUES "
                + "('variant-by-1.4.8.txt', 'DEFAULT_GROUP', '', 'canary', 'tag-148', '" + ClusterWorkload.md5("tag-148")
                + "')");
        assertEquals("true", HttpCall.get(notice).param("dataId", "variant-by-1.4.8.txt").param("group", "DEFAULT_GROUP")
                .param("tag", "canary").send().body());
        assertEquals("tag-148", HttpCall.get(ours.baseUrl() + "/v1/cs/configs").param("dataId", "variant-by-1.4.8.txt")
                .param("group", "DEFAULT_GROUP").param("tag", "canary").send().body());

        changeLegacyTable("DELETE FROM config_info_beta WHERE data_id = 'variant-by-1.4.8.txt'");
        assertEquals("true", HttpCall.get(notice).param("dataId", "variant-by-1.4.8.txt").param("group", "DEFAULT_GROUP")
                .header("isBeta", "true").send().body());
        assertEquals("formal", betaRead.send().body(), "the beta variant the 1.4.8 node removed is gone here too");
    }

    @Test
    void aChangeNoticeWithoutItsDataIdIsRefusedByName() {
        HttpResponse<String> answer = HttpCall.get(ours.baseUrl() + "/v1/cs/communication/dataChange")
                .param("group", "DEFAULT_GROUP").send();
        assertEquals(400, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("dataId"), answer.body());
    }

    static int hostsOn(ServerProcess node, String service) {
        return JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/instance/list").param("serviceName", service)
                .send().body()).get("hosts").size();
    }

    @Test
    void registersThe148NodePassedOnReachTheirResponsibleNodeAmongOurs() throws Exception {
        legacy.send("member-report", ours, Map.of());
        // One address in several services, as a 1.x application registers them: the 1.4 node's
        // service-name hash sends them to different nodes, and they must meet at one owner.
        List<String> services = List.of("passed-on-a", "passed-on-b", "passed-on-c", "passed-on-d", "passed-on-e")
                .stream().filter(service -> !ownedByThe148Node(service)).toList();
        for (int s = 0; s < services.size(); s++) {
            String service = services.get(s);
            for (int i = 1; i <= 5; i++) {
                HttpResponse<String> answer = legacy.send("forwarded-register", nodes.get((s + i) % 2),
                        Map.of("serviceName", service, "ip", "10.9.0." + i, "port", "8080"));
                assertEquals(200, answer.statusCode(), answer.body());
                assertEquals("ok", answer.body());
            }
        }
        for (ServerProcess node : nodes) {
            for (String service : services) {
                Await.until(10_000, () -> hostsOn(node, service) == 5, node.port() + " lists the 5 hosts of " + service);
            }
        }
    }

    /** Whether 1.4.8's hash gives the service to the 1.4.8 node: then it is written there, not among ours. */
    static boolean ownedByThe148Node(String service) {
        List<String> addresses = new ArrayList<>(List.of(legacy.address()));
        nodes.forEach(node -> addresses.add(node.address()));
        return Nacos148Peer.serviceOwner("DEFAULT_GROUP@@" + service, addresses).equals(legacy.address());
    }

    @Test
    void a1xWriteForAServiceOfOursIsKeptAmongOurs() {
        for (ServerProcess node : nodes) {
            legacy.send("member-report", node, Map.of());
        }
        String service = IntStream.range(0, 100).mapToObj(i -> "kept-among-ours-" + i)
                .filter(name -> !ownedByThe148Node(name)).findFirst().orElseThrow();
        for (int i = 1; i <= 20; i++) {
            HttpResponse<String> answer = HttpCall.post(ours.baseUrl() + "/v1/ns/instance")
                    .param("serviceName", service).param("ip", "10.8.0." + i).param("port", "8080").send();
            assertEquals(200, answer.statusCode(), "10.8.0." + i + ": " + answer.body());
        }
        assertTrue(legacy.received("/nacos/v1/ns/instance").isEmpty());
    }
}
