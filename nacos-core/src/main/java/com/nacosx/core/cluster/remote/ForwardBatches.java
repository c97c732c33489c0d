package com.nacosx.core.cluster.remote;

import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.HttpForwardBatchRequest;
import com.nacosx.api.remote.cluster.HttpForwardBatchResponse;
import com.nacosx.api.remote.cluster.HttpForwardRequest;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.util.Batcher;
import com.nacosx.core.util.Futures;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Passes HTTP requests on to our peers, many to a call when they come faster than a peer answers
 * ({@link Batcher}). Passing a 1.x beat on cost the two nodes several times what serving it did,
 * nearly all of it the call's own (bench/RESULTS.md); a lone request still goes at once, alone. A
 * peer that does not serve batches (an older node of ours) is sent each request of a batch alone.
 */
final class ForwardBatches {

    /** Two calls in flight to a peer: one slow request holds up only the requests sent with it. */
    static final int MOST_IN_FLIGHT = 2;
    static final int MOST_PER_CALL = 256;

    private final PeerClients peers;
    /** How long a call may take; a request also waits for the calls in flight before it. */
    private final Duration timeout;
    private final Map<String, Batcher<HttpForwardRequest, HttpForwardResponse>> byPeer = new ConcurrentHashMap<>();

    ForwardBatches(PeerClients peers, Duration timeout) {
        this.peers = peers;
        this.timeout = timeout;
    }

    /** The peer's answer; fails on a transport error or when the call took longer than the timeout. */
    CompletableFuture<HttpForwardResponse> send(Member peer, HttpForwardRequest request) {
        return byPeer.computeIfAbsent(peer.address(), address -> new Batcher<>(requests -> call(peer, requests),
                MOST_IN_FLIGHT, MOST_PER_CALL)).send(request);
    }

    /**
     * Sends the requests in one call (each alone to a peer that serves no batches); the answers,
     * one per request and in its order.
     */
    CompletableFuture<List<HttpForwardResponse>> call(Member peer, List<HttpForwardRequest> requests) {
        if (requests.size() == 1) {
            return alone(peer, requests.get(0)).thenApply(List::of);
        }
        HttpForwardBatchRequest batch = new HttpForwardBatchRequest();
        batch.requests = requests;
        return peers.request(peer, batch, timeout).thenCompose(answer -> {
            if (answer instanceof HttpForwardBatchResponse answers && answers.isSuccess()) {
                return CompletableFuture.completedFuture(answers.responses);
            }
            if (answer.errorCode == ErrorCodes.NO_HANDLER) {
                return eachAlone(peer, requests);
            }
            return CompletableFuture.failedFuture(new IllegalStateException(peer.address() + " refused "
                    + requests.size() + " passed-on requests: " + answer.message));
        });
    }

    private CompletableFuture<List<HttpForwardResponse>> eachAlone(Member peer, List<HttpForwardRequest> requests) {
        List<CompletableFuture<HttpForwardResponse>> answers = requests.stream()
                .map(request -> alone(peer, request)
                        .exceptionally(failure -> failed(failure.toString())))
                .toList();
        return Futures.all(answers);
    }

    private CompletableFuture<HttpForwardResponse> alone(Member peer, HttpForwardRequest request) {
        return peers.request(peer, request, timeout).thenApply(answer -> answer instanceof HttpForwardResponse
                relayed ? relayed : failed(answer.message));
    }

    private static HttpForwardResponse failed(String why) {
        return new HttpForwardResponse().fail(ErrorCodes.SERVER_ERROR, why);
    }
}
