package com.nacosx.core.raft;

import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Notes the source port of every call a Raft test server takes: which connection the call came over. */
final class CallerPorts implements ServerInterceptor {

    private final List<Integer> ports = new CopyOnWriteArrayList<>();

    /** The calls' source ports, in the order the calls came. */
    List<Integer> ports() {
        return ports;
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
            ServerCallHandler<Q, A> next) {
        ports.add(((InetSocketAddress) call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR)).getPort());
        return next.startCall(call, headers);
    }
}
