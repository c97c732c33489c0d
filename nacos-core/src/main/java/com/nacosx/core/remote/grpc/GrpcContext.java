package com.nacosx.core.remote.grpc;

import io.grpc.Attributes;
import io.grpc.Context;
import io.grpc.Grpc;

import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Where a call finds its transport: the connection id given to the HTTP/2 connection when it
 * opened (the unary calls and the bi-stream of one client share it), and the socket's ends. The
 * unary door reads them off its call; the bi-stream, behind the stub's observers, off the context
 * {@link ConnectionContextInterceptor} sets.
 */
final class GrpcContext {

    static final Attributes.Key<String> TRANSPORT_CONNECTION_ID = Attributes.Key.create("nacos.connection-id");

    static final Context.Key<Attributes> TRANSPORT = Context.key("nacos.transport");

    private GrpcContext() {
    }

    /** The transport of the call running now, when the call passed {@link ConnectionContextInterceptor}. */
    static Attributes current() {
        return TRANSPORT.get();
    }

    static String connectionId(Attributes transport) {
        return transport.get(TRANSPORT_CONNECTION_ID);
    }

    static InetSocketAddress remoteAddress(Attributes transport) {
        return inet(transport.get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR));
    }

    static InetSocketAddress localAddress(Attributes transport) {
        return inet(transport.get(Grpc.TRANSPORT_ATTR_LOCAL_ADDR));
    }

    private static InetSocketAddress inet(SocketAddress address) {
        return address instanceof InetSocketAddress inet ? inet : new InetSocketAddress(0);
    }
}
