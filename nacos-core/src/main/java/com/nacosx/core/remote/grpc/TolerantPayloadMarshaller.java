package com.nacosx.core.remote.grpc;

import com.nacosx.api.grpc.auto.Metadata;
import com.nacosx.api.grpc.auto.Payload;
import io.grpc.MethodDescriptor;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.ProtoUtils;
import java.io.InputStream;

/**
 * Reads the payloads clients send. Bytes that are not a {@code Payload} protobuf become
 * {@link #UNREADABLE} instead of an exception: gRPC would answer an exception thrown here with
 * status UNKNOWN and log its stack trace for every such message, where the doors answer it as the
 * official server does (an error response, or the end of the stream) with one line in remote.log.
 */
final class TolerantPayloadMarshaller implements MethodDescriptor.Marshaller<Payload> {

    /** What a message that could not be read becomes; compare by identity. */
    static final Payload UNREADABLE = Payload.newBuilder()
            .setMetadata(Metadata.newBuilder().setType("UnreadablePayload")).build();

    private final MethodDescriptor.Marshaller<Payload> protobuf = ProtoUtils.marshaller(Payload.getDefaultInstance());

    @Override
    public InputStream stream(Payload payload) {
        return protobuf.stream(payload);
    }

    @Override
    public Payload parse(InputStream stream) {
        try {
            return protobuf.parse(stream);
        } catch (StatusRuntimeException invalidProtobuf) {
            // The protobuf marshaller reports bytes it cannot parse so, with the parser's error as cause.
            return UNREADABLE;
        }
    }
}
