package com.nacosx.core.remote.grpc;

import com.nacosx.core.remote.ConnectionManager;
import io.grpc.Attributes;
import io.grpc.Grpc;
import io.grpc.ServerTransportFilter;

import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Names each transport when it opens ({@code <millis>_<remoteIp>_<remotePort>}, as the official
 * server does) and unregisters its connection the moment the transport ends.
 */
final class ConnectionIdAssigner extends ServerTransportFilter {

    private final ConnectionManager connections;

    ConnectionIdAssigner(ConnectionManager connections) {
        this.connections = connections;
    }

    @Override
    public Attributes transportReady(Attributes transport) {
        SocketAddress remote = transport.get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
        String id = remote instanceof InetSocketAddress address
                ? System.currentTimeMillis() + "_" + address.getAddress().getHostAddress() + "_" + address.getPort()
                : System.currentTimeMillis() + "_" + remote;
        return transport.toBuilder().set(GrpcContext.TRANSPORT_CONNECTION_ID, id).build();
    }

    @Override
    public void transportTerminated(Attributes transport) {
        String id = transport.get(GrpcContext.TRANSPORT_CONNECTION_ID);
        if (id != null) {
            connections.unregister(id, "transport closed");
        }
    }
}
