package com.nacosx.core.remote.grpc;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * Puts the call's transport attributes (connection id, socket ends) into its context: one
 * context value per call, since a health check costs little more than this.
 */
final class ConnectionContextInterceptor implements ServerInterceptor {

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
            ServerCallHandler<Q, A> next) {
        Context context = Context.current().withValue(GrpcContext.TRANSPORT, call.getAttributes());
        return Contexts.interceptCall(context, call, headers, next);
    }
}
