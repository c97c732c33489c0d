package com.nacosx.core.remote;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ServerRequest;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One registered client connection: what it is, when it was last heard from, and the pushes
 * sent down it that still wait for the client's answer.
 */
public final class Connection {

    private final ConnectionMeta meta;
    private final ConnectionChannel channel;
    private final RequestMeta requestMeta;
    private final Map<String, CompletableFuture<Response>> awaitingAck = new ConcurrentHashMap<>();
    private final AtomicLong pushSequence = new AtomicLong();
    private volatile long lastActiveTime;

    public Connection(ConnectionMeta meta, ConnectionChannel channel) {
        this.meta = meta;
        this.channel = channel;
        this.requestMeta = new RequestMeta(meta.connectionId(), meta.clientIp(), meta.clientVersion(), meta.labels());
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

    void touch() {
        lastActiveTime = System.currentTimeMillis();
    }

    /**
     * Pushes a request and completes with the client's answer. Fails fast when the stream is
     * closed; fails with a {@link java.util.concurrent.TimeoutException} when no answer comes in time.
     */
    public CompletableFuture<Response> request(ServerRequest request, long timeoutMillis) {
        String requestId = Long.toString(pushSequence.incrementAndGet());
        request.requestId = requestId;
        CompletableFuture<Response> answer = new CompletableFuture<>();
        awaitingAck.put(requestId, answer);
        if (!channel.send(request)) {
            awaitingAck.remove(requestId);
            answer.completeExceptionally(new ConnectionClosedException(id()));
            return answer;
        }
        answer.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS).whenComplete((r, e) -> awaitingAck.remove(requestId));
        return answer;
    }

    /** Pushes without waiting for an answer; false when the stream is closed. */
    public boolean send(ServerRequest request) {
        request.requestId = Long.toString(pushSequence.incrementAndGet());
        return channel.send(request);
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
