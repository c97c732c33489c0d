package com.nacosx.core.remote.grpc;

import io.grpc.Attributes;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

import java.net.InetSocketAddress;

/** Puts the transport's connection id and socket ends into each call's context. */
final class ConnectionContextInterceptor implements ServerInterceptor {

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
            ServerCallHandler<Q, A> next) {
        Attributes transport = call.getAttributes();
        Context context = Context.current().withValue(GrpcContext.CONNECTION_ID,
                transport.get(GrpcContext.TRANSPORT_CONNECTION_ID));
        if (transport.get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR) instanceof InetSocketAddress remote) {
            context = context.withValues(GrpcContext.REMOTE_IP, remote.getAddress().getHostAddress(),
                    GrpcContext.REMOTE_PORT, remote.getPort());
        }
        if (transport.get(Grpc.TRANSPORT_ATTR_LOCAL_ADDR) instanceof InetSocketAddress local) {
            context = context.withValue(GrpcContext.LOCAL_PORT, local.getPort());
        }
        return Contexts.interceptCall(context, call, headers, next);
    }
}
