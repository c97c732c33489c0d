package com.nacosx.core.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.api.remote.cluster.MemberInfo;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.testsupport.ServerProcess;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.core.env.StandardEnvironment;

/**
 * Membership of a node that is not started, and not built by Spring: no report goes out but those
 * the test asks for.
 */
class ServerMemberManagerTest {

    private PeerClients peers;

    /** This node, 127.0.0.1:8848, in a cluster with {@code other}; its peer clients close after the test. */
    private ServerMemberManager node(String other, ServerReadiness readiness) {
        ClusterSettings settings = new ClusterSettings(false, "127.0.0.1", 8848, 3, "127.0.0.1:8848," + other,
                "file", "", 0, "", Path.of("cluster.conf"));
        AuthSettings auth = AuthSettings.from(new StandardEnvironment());
        peers = new PeerClients(settings, auth);
        return new ServerMemberManager(settings, peers,
                new LegacyPeerHttp(new HttpServerProperties(null, null, null, null, null), auth), readiness);
    }

    @AfterEach
    void closePeers() {
        if (peers != null) {
            peers.close();
        }
    }

    @Test
    void aPeerCheckedAfterAFailedRequestIsDownAtOnceWhenNothingListens() throws Exception {
        String stopped = "127.0.0.1:" + ServerProcess.freePort();
        ServerMemberManager members = node(stopped, new ServerReadiness());
        CompletableFuture<List<Member>> told = new CompletableFuture<>();
        members.addListener(told::complete);
        Member peer = members.peers().get(0);
        assertEquals(NodeState.UP, peer.state(), "a listed member is taken as UP until a report fails");

        members.checkNow(peer);

        List<Member> changed = told.get(60, TimeUnit.SECONDS);
        assertEquals(NodeState.DOWN, peer.state(), "both channels refused: DOWN without waiting for more failures");
        assertTrue(changed.stream().anyMatch(member -> member.address().equals(stopped)
                && member.state() == NodeState.DOWN), "the listeners are told, and route around it");
    }

    @Test
    void theFirstReportsGoOutBeforeTheStartAndTheListenersEnrolledAfterThemHearWhatTheyFound() throws Exception {
        String stopped = "127.0.0.1:" + ServerProcess.freePort();
        ServerMemberManager members = node(stopped, new ServerReadiness());

        members.afterPropertiesSet();
        members.firstReports().get(60, TimeUnit.SECONDS);
        assertEquals(NodeState.DOWN, members.peers().get(0).state(), "the first report was refused before the start");

        CompletableFuture<List<Member>> told = new CompletableFuture<>();
        members.addListener(told::complete);
        members.start();
        try {
            List<Member> heard = told.get(60, TimeUnit.SECONDS);
            assertTrue(heard.stream().anyMatch(member -> member.address().equals(stopped)
                    && member.state() == NodeState.DOWN), "a listener enrolled after the answers hears them at start");
        } finally {
            members.stop();
        }
    }

    @ParameterizedTest
    @CsvSource({"2.5.1, false", "1.4.8, true"})
    void aPeerAnsweringOnlyOverHttpIsTakenFor1xOnlyWhenItsSelfSaysSo(String version, boolean legacy) throws Exception {
        HttpServer httpOnly = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        int port = httpOnly.getAddress().getPort();
        String self = "{\"code\":200,\"message\":null,\"data\":{\"ip\":\"127.0.0.1\",\"port\":" + port
                + ",\"state\":\"UP\",\"extendInfo\":{\"raftPort\":\"" + (port - 1000) + "\",\"version\":\""
                + version + "\"},\"address\":\"127.0.0.1:" + port + "\",\"failAccessCnt\":0}}";
        httpOnly.createContext("/nacos" + MemberReporter.HTTP_SELF_PATH, exchange -> {
            byte[] body = self.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        httpOnly.start();
        try {
            ServerMemberManager members = node("127.0.0.1:" + port, new ServerReadiness());

            members.afterPropertiesSet();
            members.firstReports().get(60, TimeUnit.SECONDS);

            Member peer = members.peers().get(0);
            assertEquals(NodeState.UP, peer.state(), "its gRPC port refused, its HTTP self query answered");
            assertEquals(legacy, peer.isLegacy(), "a node of ours whose gRPC channel still backs off from a refused "
                    + "connect answers over HTTP too, and must stay a peer of the Raft groups");
        } finally {
            httpOnly.stop(0);
        }
    }

    @Test
    void aNodeSaysItIsStartingUntilItIsReady() {
        ServerReadiness readiness = new ServerReadiness();
        readiness.close("load");
        ServerMemberManager members = node("127.0.0.1:9848", readiness);
        assertEquals("STARTING", members.self().toInfo().state, "what its reports say while it loads");

        readiness.onStarted();
        readiness.open("load");

        assertEquals("UP", members.self().toInfo().state);
    }

    @Test
    void aPeerIsInTheStateItReportsAndTheListenersAreTold() {
        ServerMemberManager members = node("127.0.0.1:9848", new ServerReadiness());
        List<NodeState> told = new ArrayList<>();
        members.addListener(all -> told.add(all.stream().filter(member -> member.port() == 9848).findFirst()
                .orElseThrow().state()));

        members.reported(report("STARTING"));
        Member peer = members.peers().get(0);
        assertEquals(NodeState.STARTING, peer.state(), "it takes no share until it says it is ready");
        members.reported(report("UP"));
        assertEquals(NodeState.UP, peer.state());
        members.reported(report("DOWN"));
        assertEquals(NodeState.DOWN, peer.state(), "it said it is stopping");
        assertEquals(List.of(NodeState.STARTING, NodeState.UP, NodeState.DOWN), told, "each change is told");
    }

    private static MemberInfo report(String state) {
        MemberInfo info = new MemberInfo();
        info.ip = "127.0.0.1";
        info.port = 9848;
        info.state = state;
        info.extendInfo = Map.of("version", ServerMemberManager.PROTOCOL_VERSION);
        return info;
    }
}
