package com.nacosx.core.cluster.remote;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.remote.grpc.GrpcServers;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/** One {@link PeerClient} per peer, made on first use and closed when the peer leaves the cluster. */
@Component
public class PeerClients {

    private final Map<String, PeerClient> clients = new ConcurrentHashMap<>();
    private final String selfIp;
    private final AuthSettings auth;

    public PeerClients(ClusterSettings settings, AuthSettings auth) {
        this.selfIp = settings.selfIp();
        this.auth = auth;
    }

    /**
     * Sends a request to the peer's cluster port, showing the server identity when one is
     * configured; fails on transport errors and after {@code timeout}.
     */
    public CompletableFuture<Response> request(Member peer, Request request, Duration timeout) {
        if (!auth.identityKey().isEmpty()) {
            request.headers().put(auth.identityKey(), auth.identityValue());
        }
        PeerClient client = clients.computeIfAbsent(peer.address(), address -> new PeerClient(peer.ip(),
                peer.port() + GrpcServers.CLUSTER_PORT_OFFSET, selfIp, ServerMemberManager.PROTOCOL_VERSION));
        return client.request(request, timeout);
    }

    /**
     * The peer answered by other means (it reported itself, or answered over HTTP): a connection
     * that failed while it was down is tried again now, not after gRPC's growing back-off, during
     * which every request to it would fail at once.
     */
    public void reconnect(Member peer) {
        PeerClient client = clients.get(peer.address());
        if (client != null) {
            client.reconnectNow();
        }
    }

    /** Closes the clients of peers that are no longer members. */
    public void retain(Set<String> addresses) {
        clients.entrySet().removeIf(entry -> {
            if (addresses.contains(entry.getKey())) {
                return false;
            }
            entry.getValue().close();
            return true;
        });
    }

    public void close() {
        clients.values().forEach(PeerClient::close);
        clients.clear();
    }
}
