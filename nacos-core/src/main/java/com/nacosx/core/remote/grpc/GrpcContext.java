package com.nacosx.core.remote.grpc;

import io.grpc.Attributes;
import io.grpc.Context;

/**
 * Where a call finds its transport: the connection id given to the HTTP/2 connection when it
 * opened (the unary calls and the bi-stream of one client share it), and the socket's ends.
 */
final class GrpcContext {

    static final Attributes.Key<String> TRANSPORT_CONNECTION_ID = Attributes.Key.create("nacos.connection-id");

    static final Context.Key<String> CONNECTION_ID = Context.key("nacos.connection-id");
    static final Context.Key<String> REMOTE_IP = Context.key("nacos.remote-ip");
    static final Context.Key<Integer> REMOTE_PORT = Context.key("nacos.remote-port");
    static final Context.Key<Integer> LOCAL_PORT = Context.key("nacos.local-port");

    private GrpcContext() {
    }
}
