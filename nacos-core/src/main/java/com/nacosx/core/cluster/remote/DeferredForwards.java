package com.nacosx.core.cluster.remote;

import com.nacosx.api.remote.cluster.HttpForwardRequest;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.util.BackgroundRounds;
import com.nacosx.core.util.Futures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * HTTP requests passed on to our peers that no client waits on, because this node has answered
 * them itself: each peer is sent what queued for it every {@link #PERIOD_MILLIS}, in calls of up
 * to {@link ForwardBatches#MOST_PER_CALL}. A call for every request cost the two nodes more than
 * serving it (bench/RESULTS.md); here a peer costs a call per round. The peer's answers are read
 * only to see that it served them: one it could not serve is logged, and a peer whose call failed
 * (it did not answer, or refused as it stops) is checked at once, so that the requests after go
 * elsewhere if it is gone.
 */
@Component
class DeferredForwards extends BackgroundRounds {

    private static final Logger LOG = LoggerFactory.getLogger(DeferredForwards.class);
    static final long PERIOD_MILLIS = 100;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private record Queued(Member peer, Queue<HttpForwardRequest> requests) {
    }

    private final ForwardBatches batches;
    private final ServerMemberManager members;
    private final Map<String, Queued> byPeer = new ConcurrentHashMap<>();

    DeferredForwards(PeerClients peers, ServerMemberManager members) {
        super("cluster-deferred-forwards");
        this.batches = new ForwardBatches(peers, TIMEOUT);
        this.members = members;
    }

    void send(Member peer, HttpForwardRequest request) {
        byPeer.computeIfAbsent(peer.address(), address -> new Queued(peer, new ConcurrentLinkedQueue<>()))
                .requests().add(request);
    }

    @Override
    protected void scheduleRounds() {
        every(PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS, this::sendQueued);
    }

    /** Sends each peer what queued for it since the last round. */
    void sendQueued() {
        for (Queued queued : byPeer.values()) {
            List<HttpForwardRequest> call = new ArrayList<>();
            HttpForwardRequest request;
            while ((request = queued.requests().poll()) != null) {
                call.add(request);
                if (call.size() == ForwardBatches.MOST_PER_CALL) {
                    sendCall(queued.peer(), call);
                    call = new ArrayList<>();
                }
            }
            if (!call.isEmpty()) {
                sendCall(queued.peer(), call);
            }
        }
    }

    private void sendCall(Member peer, List<HttpForwardRequest> call) {
        batches.call(peer, call).whenComplete((answers, failure) -> {
            if (failure != null) {
                members.checkNow(peer);
                LOG.warn("[cluster] {} requests answered here were not served by {}: {}", call.size(),
                        peer.address(), Futures.causeOf(failure).toString());
                return;
            }
            List<HttpForwardResponse> refused = answers.stream()
                    .filter(answer -> !answer.isSuccess() || answer.status != 200).toList();
            if (!refused.isEmpty()) {
                HttpForwardResponse first = refused.get(0);
                LOG.warn("[cluster] {} of {} requests answered here were not served by {}; the first: {}",
                        refused.size(), call.size(), peer.address(),
                        first.isSuccess() ? first.status + " " + first.body : first.message);
            }
        });
    }
}
