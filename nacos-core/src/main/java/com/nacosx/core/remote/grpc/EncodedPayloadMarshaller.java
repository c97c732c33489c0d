package com.nacosx.core.remote.grpc;

import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Writes payloads that were serialized once: a push to thousands of listeners goes out as the
 * same bytes on every stream instead of being serialized again for each. Server side only: the
 * server never reads what it sends.
 */
final class EncodedPayloadMarshaller implements MethodDescriptor.Marshaller<byte[]> {

    @Override
    public InputStream stream(byte[] payload) {
        return new EncodedStream(payload);
    }

    @Override
    public byte[] parse(InputStream stream) {
        throw new UnsupportedOperationException("the server does not read its own pushes");
    }

    /** Tells gRPC the size up front and hands over the bytes in one write. */
    private static final class EncodedStream extends ByteArrayInputStream implements KnownLength, Drainable {

        EncodedStream(byte[] payload) {
            super(payload);
        }

        @Override
        public int drainTo(OutputStream target) throws IOException {
            int length = count - pos;
            target.write(buf, pos, length);
            pos = count;
            return length;
        }
    }
}
