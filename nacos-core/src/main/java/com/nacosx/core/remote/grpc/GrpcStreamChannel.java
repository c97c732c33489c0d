package com.nacosx.core.remote.grpc;

import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.core.remote.ConnectionChannel;
import com.nacosx.core.remote.OutboundPush;
import io.grpc.netty.shaded.io.netty.util.concurrent.EventExecutor;
import io.grpc.stub.ServerCallStreamObserver;

import java.util.List;

/**
 * A client's bi-stream as the way to push to it. gRPC streams take one writer at a time, so
 * writes are serialized here. Pushes from other threads are written on the event loop that serves
 * the connection: gRPC flushes once per loop task, so pushes sent together leave in one network
 * write instead of one write (a system call on each side) each.
 */
final class GrpcStreamChannel implements ConnectionChannel {

    private final ServerCallStreamObserver<byte[]> stream;
    private final EventExecutor loop;
    private boolean closed;

    /** @param loop the event loop of the stream's connection, or null to write from the caller's thread */
    GrpcStreamChannel(ServerCallStreamObserver<byte[]> stream, EventExecutor loop) {
        this.stream = stream;
        this.loop = loop;
    }

    @Override
    public boolean send(List<OutboundPush> pushes) {
        List<byte[]> payloads = pushes.stream()
                .map(push -> push.<byte[]>encoded(request -> PayloadCodec.encode(request).toByteArray()))
                .toList();
        if (loop == null || loop.inEventLoop()) {
            return write(payloads);
        }
        if (!isOpen()) {
            return false;
        }
        loop.execute(() -> write(payloads));
        return true;
    }

    private synchronized boolean isOpen() {
        return !closed && !stream.isCancelled();
    }

    private synchronized boolean write(List<byte[]> payloads) {
        if (!isOpen()) {
            return false;
        }
        try {
            payloads.forEach(stream::onNext);
            return true;
        } catch (RuntimeException e) {
            closed = true;
            return false;
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!stream.isCancelled()) {
                stream.onCompleted();
            }
        } catch (RuntimeException e) {
            // the stream was already torn down by the transport; nothing left to close
        }
    }
}
