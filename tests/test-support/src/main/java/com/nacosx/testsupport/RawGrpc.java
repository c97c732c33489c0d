package com.nacosx.testsupport;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.stub.ClientCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** gRPC calls with bytes of the caller's choosing, for messages no real client would send. */
public final class RawGrpc {

    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    private RawGrpc() {
    }

    /** A unary call of {@code method} (e.g. {@code Request/request}) with {@code body} as the message's bytes. */
    public static byte[] unary(ManagedChannel channel, String method, byte[] body) {
        return ClientCalls.blockingUnaryCall(channel, descriptor(MethodDescriptor.MethodType.UNARY, method),
                CallOptions.DEFAULT.withDeadlineAfter(Patience.millis(5000), TimeUnit.MILLISECONDS), body);
    }

    /**
     * A call of {@code method} carrying any number of messages, as a real client of a unary
     * method never does; the status the server ended it with.
     */
    public static Status streamed(ManagedChannel channel, String method, List<byte[]> messages) throws Exception {
        ClientCall<byte[], byte[]> call = channel.newCall(descriptor(MethodDescriptor.MethodType.BIDI_STREAMING, method),
                CallOptions.DEFAULT.withDeadlineAfter(Patience.millis(5000), TimeUnit.MILLISECONDS));
        CompletableFuture<Status> ended = new CompletableFuture<>();
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onClose(Status status, Metadata trailers) {
                ended.complete(status);
            }
        }, new Metadata());
        call.request(Integer.MAX_VALUE);
        messages.forEach(call::sendMessage);
        call.halfClose();
        return ended.get(Patience.millis(10_000), TimeUnit.MILLISECONDS);
    }

    /** {@code method} with raw bytes for messages, for a call or for a service a test serves. */
    public static MethodDescriptor<byte[], byte[]> descriptor(MethodDescriptor.MethodType type, String method) {
        return MethodDescriptor.<byte[], byte[]>newBuilder().setType(type).setFullMethodName(method)
                .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
    }
}
