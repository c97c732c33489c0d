package com.nacosx.core.cluster.remote;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.HttpForwardBatchRequest;
import com.nacosx.api.remote.cluster.HttpForwardBatchResponse;
import com.nacosx.api.remote.cluster.HttpForwardRequest;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.api.remote.cluster.MemberReportRequest;
import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.core.readiness.ServerReadiness;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.StandardEnvironment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Requests this node answered itself reach their peers a round later, one call per peer and round. */
class DeferredForwardsTest {

    private static final Member PEER = HeldPeerCalls.PEER;
    private static final Member OTHER_PEER = new Member("127.0.0.1", 9848);

    private final HeldPeerCalls peers = new HeldPeerCalls();
    private final DeferredForwards deferred = new DeferredForwards(peers, members(peers));

    private static ServerMemberManager members(PeerClients peers) {
        ClusterSettings settings = new ClusterSettings(false, "127.0.0.1", 7848, 3,
                "127.0.0.1:7848,127.0.0.1:8848,127.0.0.1:9848", "file", "", 0, "", Path.of("cluster.conf"));
        AuthSettings auth = AuthSettings.from(new StandardEnvironment());
        LegacyPeerHttp legacyPeers = new LegacyPeerHttp(new HttpServerProperties(null, null, null, null, null), auth);
        return new ServerMemberManager(settings, peers, legacyPeers, new ServerReadiness());
    }

    private static HttpForwardRequest beat(int n) {
        HttpForwardRequest request = new HttpForwardRequest();
        request.method = "PUT";
        request.path = "/v1/ns/instance/beat";
        request.params.put("ip", List.of("10.0.0." + n));
        return request;
    }

    private static List<String> ips(Request call) {
        if (call instanceof HttpForwardRequest alone) {
            return alone.params.get("ip");
        }
        return ((HttpForwardBatchRequest) call).requests.stream().map(request -> request.params.get("ip").get(0))
                .toList();
    }

    private static Response servedEach(Request batch) {
        HttpForwardBatchResponse response = new HttpForwardBatchResponse();
        ((HttpForwardBatchRequest) batch).requests.forEach(request -> {
            HttpForwardResponse served = new HttpForwardResponse();
            served.status = 200;
            response.responses.add(served);
        });
        return response;
    }

    @Test
    void eachPeerGetsWhatQueuedForItInOneCallPerRound() {
        deferred.send(PEER, beat(1));
        deferred.send(OTHER_PEER, beat(2));
        deferred.send(PEER, beat(3));
        assertTrue(peers.sent.isEmpty(), "nothing goes before the round");

        deferred.sendQueued();

        assertEquals(2, peers.sent.size(), "a call per peer: " + peers.sentTo);
        int toPeer = peers.sentTo.indexOf(PEER.address());
        assertEquals(List.of("10.0.0.1", "10.0.0.3"), ips(peers.sent.get(toPeer)), "in the order they came");
        assertEquals(List.of("10.0.0.2"), ips(peers.sent.get(1 - toPeer)), "a lone request goes alone");
        peers.answer(toPeer, DeferredForwardsTest::servedEach);
        deferred.sendQueued();
        assertEquals(2, peers.sent.size(), "nothing is sent twice");
    }

    @Test
    void aRoundSendsMoreThanACallCarriesInSeveralCalls() {
        IntStream.range(0, 2 * ForwardBatches.MOST_PER_CALL + 1).forEach(n -> deferred.send(PEER, beat(n)));

        deferred.sendQueued();

        assertEquals(List.of(ForwardBatches.MOST_PER_CALL, ForwardBatches.MOST_PER_CALL, 1),
                peers.sent.stream().map(call -> ips(call).size()).toList());
        assertEquals("10.0.0.512", ips(peers.sent.get(2)).get(0));
    }

    @Test
    void aPeerThatDoesNotAnswerIsCheckedAtOnceAndTheNextRoundStillGoes() {
        deferred.send(PEER, beat(1));
        deferred.sendQueued();

        peers.fail(0, new IOException("connection refused"));

        assertInstanceOf(MemberReportRequest.class, peers.sent.get(1), "the peer is checked at once");
        assertEquals(PEER.address(), peers.sentTo.get(1));
        deferred.send(PEER, beat(2));
        deferred.sendQueued();
        assertEquals(List.of("10.0.0.2"), ips(peers.sent.get(2)));
    }
}
