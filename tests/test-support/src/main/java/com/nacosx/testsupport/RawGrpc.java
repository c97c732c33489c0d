package com.nacosx.testsupport;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.stub.ClientCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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
        MethodDescriptor<byte[], byte[]> descriptor = MethodDescriptor.<byte[], byte[]>newBuilder()
                .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName(method)
                .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
        return ClientCalls.blockingUnaryCall(channel, descriptor,
                CallOptions.DEFAULT.withDeadlineAfter(Patience.millis(5000), TimeUnit.MILLISECONDS), body);
    }
}
