package com.nacosx.core.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.http.HttpServerProperties;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.StandardEnvironment;

/** Membership of a node that is not started: no 2 s round runs, so only what the test calls reports. */
class ServerMemberManagerTest {

    @Test
    void aPeerCheckedAfterAFailedRequestIsDownAtOnceWhenNothingListens() throws Exception {
        String stopped = "127.0.0.1:" + freePort();
        ClusterSettings settings = new ClusterSettings(false, "127.0.0.1", 8848, 3, "127.0.0.1:8848," + stopped,
                "file", "", 0, "", Path.of("cluster.conf"));
        AuthSettings auth = AuthSettings.from(new StandardEnvironment());
        PeerClients peers = new PeerClients(settings, auth);
        ServerMemberManager members = new ServerMemberManager(settings, peers,
                new LegacyPeerHttp(new HttpServerProperties(null, null, null, null, null), auth));
        CompletableFuture<List<Member>> told = new CompletableFuture<>();
        members.addListener(told::complete);
        Member peer = members.peers().get(0);
        assertEquals(NodeState.UP, peer.state(), "a listed member is taken as UP until a report fails");

        members.checkNow(peer);

        List<Member> changed = told.get(60, TimeUnit.SECONDS);
        assertEquals(NodeState.DOWN, peer.state(), "both channels refused: DOWN without waiting for more failures");
        assertTrue(changed.stream().anyMatch(member -> member.address().equals(stopped)
                && member.state() == NodeState.DOWN), "the listeners are told, and route around it");
        peers.close();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
