package com.nacosx.core.remote;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * Settings of the gRPC doors and their connections, from {@code nacos.remote.server.*}.
 *
 * @param ioThreads     event-loop threads of the SDK port, where in-memory requests are served
 *                      (default: one per core; the cluster port gets half)
 * @param workerThreads threads for handlers that block (publish, remove); default 16 per core
 */
@ConfigurationProperties(prefix = "nacos.remote.server")
public record RemoteProperties(Grpc grpc, Integer ioThreads, Integer workerThreads, Connections connection) {

    public RemoteProperties {
        ioThreads = ioThreads == null ? Runtime.getRuntime().availableProcessors() : ioThreads;
        grpc = grpc == null ? new Grpc(null, null) : grpc;
        workerThreads = workerThreads == null ? 16 * Runtime.getRuntime().availableProcessors() : workerThreads;
        connection = connection == null ? new Connections(null, null, null, null) : connection;
    }

    /**
     * The SDK port's ({@code grpc.sdk.*}) and the cluster port's ({@code grpc.cluster.*}) transport
     * limits. Unset, the cluster port takes messages up to 64 MB (peers pass whole configs on: a
     * follower's Raft write, base64 in JSON) and pings every 4 s, which its peers' clients send to
     * find a link that died silently ({@code PeerClient}).
     */
    public record Grpc(GrpcPort sdk, GrpcPort cluster) {

        public Grpc {
            sdk = (sdk == null ? new GrpcPort(null, null, null, null) : sdk)
                    .orDefaults(DataSize.ofMegabytes(10), Duration.ofMinutes(5));
            cluster = (cluster == null ? new GrpcPort(null, null, null, null) : cluster)
                    .orDefaults(DataSize.ofMegabytes(64), Duration.ofSeconds(4));
        }
    }

    /**
     * One gRPC port's transport limits; what is unset takes its port's default ({@link Grpc}).
     *
     * @param maxInboundMessageSize largest request accepted
     * @param keepAliveTime         idle time before the server pings the client (default 2 h, grpc's)
     * @param keepAliveTimeout      how long a ping may stay unanswered (default 20 s, grpc's)
     * @param permitKeepAliveTime   the most frequent client pings allowed
     */
    public record GrpcPort(DataSize maxInboundMessageSize, Duration keepAliveTime, Duration keepAliveTimeout,
                           Duration permitKeepAliveTime) {

        GrpcPort orDefaults(DataSize maxInbound, Duration permitKeepAlive) {
            return new GrpcPort(maxInboundMessageSize == null ? maxInbound : maxInboundMessageSize,
                    keepAliveTime == null ? Duration.ofHours(2) : keepAliveTime,
                    keepAliveTimeout == null ? Duration.ofSeconds(20) : keepAliveTimeout,
                    permitKeepAliveTime == null ? permitKeepAlive : permitKeepAliveTime);
        }
    }

    /**
     * @param limit       most connections this node holds; negative for no limit
     * @param limitPerIp  most connections from one client IP; negative for no limit
     * @param idleTimeout a connection silent this long is asked whether it is alive (default 20 s)
     * @param probeTimeout how long the client has to answer that (default 3 s) before it is dropped
     */
    public record Connections(Integer limit, Integer limitPerIp, Duration idleTimeout, Duration probeTimeout) {

        public Connections {
            limit = limit == null ? -1 : limit;
            limitPerIp = limitPerIp == null ? -1 : limitPerIp;
            idleTimeout = idleTimeout == null ? Duration.ofSeconds(20) : idleTimeout;
            probeTimeout = probeTimeout == null ? Duration.ofSeconds(3) : probeTimeout;
        }
    }
}
