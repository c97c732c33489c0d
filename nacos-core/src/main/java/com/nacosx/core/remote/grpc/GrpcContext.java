package com.nacosx.core.remote.grpc;

import io.grpc.Attributes;
import io.grpc.Context;
import io.grpc.Grpc;

import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Where a call finds its transport: the connection id given to the HTTP/2 connection when it
 * opened (the unary calls and the bi-stream of one client share it), and the socket's ends.
 */
final class GrpcContext {

    static final Attributes.Key<String> TRANSPORT_CONNECTION_ID = Attributes.Key.create("nacos.connection-id");

    static final Context.Key<Attributes> TRANSPORT = Context.key("nacos.transport");

    private GrpcContext() {
    }

    static String connectionId() {
        return TRANSPORT.get().get(TRANSPORT_CONNECTION_ID);
    }

    static InetSocketAddress remoteAddress() {
        return inet(TRANSPORT.get().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR));
    }

    static InetSocketAddress localAddress() {
        return inet(TRANSPORT.get().get(Grpc.TRANSPORT_ATTR_LOCAL_ADDR));
    }

    private static InetSocketAddress inet(SocketAddress address) {
        return address instanceof InetSocketAddress inet ? inet : new InetSocketAddress(0);
    }
}
