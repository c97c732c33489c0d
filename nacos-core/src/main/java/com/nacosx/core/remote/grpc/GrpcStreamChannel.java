package com.nacosx.core.remote.grpc;

import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.core.remote.ConnectionChannel;
import com.nacosx.core.remote.OutboundPush;
import io.grpc.stub.ServerCallStreamObserver;

/**
 * A client's bi-stream as the way to push to it. gRPC streams take one writer at a time, so
 * sends are serialized here.
 */
final class GrpcStreamChannel implements ConnectionChannel {

    private final ServerCallStreamObserver<byte[]> stream;
    private boolean closed;

    GrpcStreamChannel(ServerCallStreamObserver<byte[]> stream) {
        this.stream = stream;
    }

    @Override
    public boolean send(OutboundPush push) {
        byte[] payload = push.encoded(request -> PayloadCodec.encode(request).toByteArray());
        synchronized (this) {
            if (closed || stream.isCancelled()) {
                return false;
            }
            try {
                stream.onNext(payload);
                return true;
            } catch (RuntimeException e) {
                closed = true;
                return false;
            }
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
