package com.nacosx.core.remote;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.core.auth.TokenMemo;
import com.nacosx.core.util.DaemonThreads;

import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.Timer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One registered client connection: what it is, when it was last heard from, and the pushes
 * sent down it that still wait for the client's answer.
 */
public final class Connection {

    /** Request ids of pushes, unique across the node so that one id can serve a broadcast. */
    private static final AtomicLong PUSH_IDS = new AtomicLong();

    /**
     * Times out unanswered pushes; a wheel costs O(1) per push where a scheduled pool costs
     * O(log n). Its thread wakes at every tick, pushes or not; ack timeouts are seconds long, so a
     * tick of 100 ms keeps a node at rest from waking 50 times a second for them.
     */
    private static final Timer ACK_TIMER =
            new HashedWheelTimer(DaemonThreads.named("push-ack-timer"), 100, TimeUnit.MILLISECONDS);

    private final ConnectionMeta meta;
    private final ConnectionChannel channel;
    private final RequestMeta requestMeta;
    private final Map<String, CompletableFuture<Response>> awaitingAck = new ConcurrentHashMap<>();
    private volatile long lastActiveTime;

    public Connection(ConnectionMeta meta, ConnectionChannel channel) {
        this.meta = meta;
        this.channel = channel;
        this.requestMeta = new RequestMeta(meta.connectionId(), meta.clientIp(), meta.remoteIp(), meta.clientVersion(),
                meta.labels(), new TokenMemo());
        this.lastActiveTime = meta.createTime();
    }

    public String id() {
        return meta.connectionId();
    }

    public ConnectionMeta meta() {
        return meta;
    }

    public RequestMeta requestMeta() {
        return requestMeta;
    }

    public long lastActiveTime() {
        return lastActiveTime;
    }

    /** Marks the connection as heard from, so the prober leaves it alone. */
    public void touch() {
        lastActiveTime = System.currentTimeMillis();
    }

    /**
     * Pushes a request and completes with the client's answer. Fails fast when the stream is
     * closed; fails with a {@link TimeoutException} when no answer comes in time.
     */
    public CompletableFuture<Response> request(ServerRequest request, long timeoutMillis) {
        return request(prepare(request), timeoutMillis);
    }

    /** Gives a request its id and wraps it for sending, to one connection or to many. */
    public static OutboundPush prepare(ServerRequest request) {
        request.requestId = Long.toString(PUSH_IDS.incrementAndGet());
        return new OutboundPush(request);
    }

    /** Sends a prepared push (again, for a retry) and completes with the client's answer. */
    public CompletableFuture<Response> request(OutboundPush push, long timeoutMillis) {
        return request(List.of(push), timeoutMillis).get(0);
    }

    /**
     * Sends prepared pushes together (in one network write where the transport can) and completes
     * each with the client's answer to it, in the same order.
     */
    public List<CompletableFuture<Response>> request(List<OutboundPush> pushes, long timeoutMillis) {
        List<CompletableFuture<Response>> answers = new ArrayList<>(pushes.size());
        for (OutboundPush push : pushes) {
            CompletableFuture<Response> answer = new CompletableFuture<>();
            awaitingAck.put(push.request().requestId, answer);
            answers.add(answer);
        }
        boolean sent = channel.send(pushes);
        for (int i = 0; i < pushes.size(); i++) {
            String requestId = pushes.get(i).request().requestId;
            CompletableFuture<Response> answer = answers.get(i);
            if (sent) {
                expireUnanswered(requestId, answer, timeoutMillis);
            } else if (awaitingAck.remove(requestId, answer)) {
                answer.completeExceptionally(new ConnectionClosedException(id()));
            }
        }
        return answers;
    }

    private void expireUnanswered(String requestId, CompletableFuture<Response> answer, long timeoutMillis) {
        Timeout timeout = ACK_TIMER.newTimeout(expired -> {
            if (awaitingAck.remove(requestId, answer)) {
                answer.completeExceptionally(new TimeoutException("no answer to push " + requestId + " in "
                        + timeoutMillis + " ms"));
            }
        }, timeoutMillis, TimeUnit.MILLISECONDS);
        answer.whenComplete((r, e) -> timeout.cancel());
    }

    /** Pushes without waiting for an answer; false when the stream is closed. */
    public boolean send(ServerRequest request) {
        return channel.send(List.of(prepare(request)));
    }

    /** Completes the push the client answered. */
    void acknowledge(Response response) {
        touch();
        CompletableFuture<Response> waiting = response.requestId == null ? null : awaitingAck.remove(response.requestId);
        if (waiting != null) {
            waiting.complete(response);
        }
    }

    /** Closes the stream; pushes still waiting fail at once. */
    void close() {
        channel.close();
        ConnectionClosedException closed = new ConnectionClosedException(id());
        awaitingAck.values().forEach(waiting -> waiting.completeExceptionally(closed));
        awaitingAck.clear();
    }

    /** A push to a connection that is gone. */
    public static final class ConnectionClosedException extends RuntimeException {

        ConnectionClosedException(String connectionId) {
            super("connection " + connectionId + " is closed", null, false, false);
        }
    }
}
