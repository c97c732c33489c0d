package com.nacosx.core.raft;

import com.alipay.sofa.jraft.error.InvokeTimeoutException;
import com.alipay.sofa.jraft.rpc.InvokeCallback;
import com.alipay.sofa.jraft.rpc.InvokeContext;
import com.alipay.sofa.jraft.rpc.impl.GrpcClient;
import com.alipay.sofa.jraft.rpc.impl.MarshallerRegistry;
import com.alipay.sofa.jraft.util.Endpoint;
import com.google.protobuf.Message;
import io.grpc.Status;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JRaft's gRPC client, which connects to a peer anew once its calls have done nothing but time out
 * for {@link #RECONNECT_AFTER_MILLIS} (20 s). A channel whose TCP connection lost the peer
 * mid-stream (a cut link, one direction lost) stays READY: gRPC waits on TCP, whose retransmissions
 * back off to a minute and more, and JRaft only replaces a channel that gRPC reports failed. After a 2-minute cut
 * the leader's appends to the follower kept timing out for a minute after the heal, and the follower
 * served old configs meanwhile (found by the long fault runs). A new connection is made at once.
 * Only the asynchronous calls are watched: they are what replication, heartbeats and elections send.
 * A peer that says it has just started ({@link #peerStarted}) is connected to anew at once when the
 * last call to it failed, rather than after gRPC's back-off and JRaft's own failure count.
 */
final class ReconnectingGrpcClient extends GrpcClient {

    private static final Logger LOG = LoggerFactory.getLogger(ReconnectingGrpcClient.class);
    /**
     * Long enough that a short one-way cut does not cost the follower the leader's half-working
     * connection: its appends still arrive over it, and a follower that stops hearing them starts
     * elections (6 s here turned a 12 s one-way cut into a leader change and a 28 s hole).
     */
    static final long RECONNECT_AFTER_MILLIS = 20_000;

    /** When each peer last answered, or was last connected to anew. */
    private final Map<Endpoint, Long> lastAnswered = new ConcurrentHashMap<>();
    /** The peers whose last call failed. */
    private final Set<Endpoint> failing = ConcurrentHashMap.newKeySet();
    private final LongSupplier clock;
    private final Consumer<ReconnectingGrpcClient> onShutdown;

    ReconnectingGrpcClient(Map<String, Message> messages, MarshallerRegistry marshallers, LongSupplier clock,
            Consumer<ReconnectingGrpcClient> onShutdown) {
        super(messages, marshallers);
        this.clock = clock;
        this.onShutdown = onShutdown;
    }

    @Override
    public void invokeAsync(Endpoint peer, Object request, InvokeContext context, InvokeCallback callback,
            long timeoutMs) {
        lastAnswered.putIfAbsent(peer, clock.getAsLong());
        super.invokeAsync(peer, request, context, new InvokeCallback() {
            @Override
            public void complete(Object result, Throwable error) {
                noteOutcome(peer, error);
                callback.complete(result, error);
            }

            @Override
            public Executor executor() {
                return callback.executor();
            }
        }, timeoutMs);
    }

    private void noteOutcome(Endpoint peer, Throwable error) {
        long now = clock.getAsLong();
        if (error == null) {
            failing.remove(peer);
        } else {
            failing.add(peer);
        }
        if (error == null || !timedOut(error)) {
            lastAnswered.put(peer, now);
            return;
        }
        Long since = lastAnswered.get(peer);
        if (since != null && now - since >= RECONNECT_AFTER_MILLIS && lastAnswered.replace(peer, since, now)) {
            LOG.warn("calls to Raft peer {} have only timed out for {} ms: connecting to it anew", peer, now - since);
            closeConnection(peer);
        }
    }

    /**
     * The peer has just started: a connection whose last call failed (the peer was down) is closed,
     * so that the next call connects at once. One that works is kept: it already reaches the new
     * process, and closing it would fail the calls under way on it.
     */
    void peerStarted(Endpoint peer) {
        if (failing.remove(peer)) {
            LOG.info("Raft peer {} has started: connecting to it anew", peer);
            closeConnection(peer);
        }
    }

    @Override
    public void shutdown() {
        onShutdown.accept(this);
        super.shutdown();
    }

    private static boolean timedOut(Throwable error) {
        return error instanceof InvokeTimeoutException
                || Status.fromThrowable(error).getCode() == Status.Code.DEADLINE_EXCEEDED;
    }
}
