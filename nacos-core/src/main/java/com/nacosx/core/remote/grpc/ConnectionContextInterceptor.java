package com.nacosx.core.remote.grpc;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * Puts the call's transport attributes (connection id, socket ends) into its context, for a
 * service written against the stub's observers, which do not show the call. Once per bi-stream;
 * the unary door, where a context per health check would cost, reads its call directly.
 */
final class ConnectionContextInterceptor implements ServerInterceptor {

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
            ServerCallHandler<Q, A> next) {
        Context context = Context.current().withValue(GrpcContext.TRANSPORT, call.getAttributes());
        return Contexts.interceptCall(context, call, headers, next);
    }
}
