package com.nacosx.core.cluster;

import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes every call on the cluster and Raft ports whose caller's address is not a member's: only
 * members replicate, vote or pass requests on. Members named by host name are compared by the
 * addresses the name resolves to (looked up once per name).
 */
public final class MembersOnly implements ServerInterceptor {

    private static final Logger LOG = LoggerFactory.getLogger(MembersOnly.class);

    private final ServerMemberManager members;
    private final Map<String, Set<String>> resolved = new ConcurrentHashMap<>();

    public MembersOnly(ServerMemberManager members) {
        this.members = members;
    }

    /** Whether the address is one of a member's. */
    public boolean isMember(InetAddress address) {
        String ip = address.getHostAddress();
        return members.anyMember(member -> member.ip().equals(ip) || addressesOf(member.ip()).contains(ip));
    }

    private Set<String> addressesOf(String host) {
        return resolved.computeIfAbsent(host, name -> {
            try {
                return Arrays.stream(InetAddress.getAllByName(name)).map(InetAddress::getHostAddress)
                        .collect(Collectors.toUnmodifiableSet());
            } catch (UnknownHostException e) {
                return Set.of();
            }
        });
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
            ServerCallHandler<Q, A> next) {
        SocketAddress remote = call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
        if (remote instanceof InetSocketAddress socket && socket.getAddress() != null
                && isMember(socket.getAddress())) {
            return next.startCall(call, headers);
        }
        LOG.warn("refused a call to {} from {}: not a cluster member", call.getMethodDescriptor().getFullMethodName(),
                remote);
        call.close(Status.PERMISSION_DENIED.withDescription("only cluster members may call this port"),
                new Metadata());
        return new ServerCall.Listener<>() {
        };
    }
}
