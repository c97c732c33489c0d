package com.nacosx.core.remote.grpc;

import com.nacosx.core.cluster.MembersOnly;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.remote.RemoteProperties;
import com.nacosx.core.remote.RequestDispatcher;
import com.nacosx.core.remote.ServerAbility;
import com.nacosx.core.util.ElasticPool;
import io.grpc.BindableService;
import io.grpc.ServerInterceptor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * The two gRPC ports, derived from the main port as the official clients expect: SDK at P+1000,
 * cluster at P+1001. Both serve the same doors and handlers; the cluster side is for peers.
 */
@Configuration(proxyBeanMethods = false)
public class GrpcServers {

    public static final int SDK_PORT_OFFSET = 1000;
    public static final int CLUSTER_PORT_OFFSET = 1001;

    @Bean(destroyMethod = "shutdownNow")
    ExecutorService grpcWorkers(RemoteProperties properties) {
        AtomicInteger count = new AtomicInteger();
        return new ElasticPool(properties.workerThreads(), 16_384, Duration.ofSeconds(60), runnable -> {
            Thread thread = new Thread(runnable, "grpc-worker-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The unary and bi-stream doors, one set shared by both ports. */
    @Bean
    GrpcDoors grpcDoors(ServerReadiness readiness, ConnectionManager connections, RequestDispatcher dispatcher,
            ExecutorService grpcWorkers, List<ServerAbility> abilities, HttpServerProperties server) {
        return new GrpcDoors(List.of(new GrpcRequestService(readiness, connections, dispatcher, grpcWorkers,
                        server.port() + CLUSTER_PORT_OFFSET),
                new GrpcBiStreamService(readiness, connections,
                        abilities.stream().collect(Collectors.toMap(ServerAbility::key, ServerAbility::enabled)),
                        server.port() + CLUSTER_PORT_OFFSET)),
                new ConnectionIdAssigner(connections));
    }

    @Bean
    GrpcServer sdkGrpcServer(HttpServerProperties server, RemoteProperties properties, GrpcDoors doors) {
        return doors.serve("sdk", address(server, SDK_PORT_OFFSET), properties.grpc().sdk(), List.of(),
                properties.ioThreads());
    }

    /** The port peers use, closed to any address that is not a member's. */
    @Bean
    GrpcServer clusterGrpcServer(HttpServerProperties server, RemoteProperties properties, GrpcDoors doors,
            ServerMemberManager members) {
        return doors.serve("cluster", address(server, CLUSTER_PORT_OFFSET), properties.grpc().cluster(),
                List.of(new MembersOnly(members)), Math.max(1, properties.ioThreads() / 2));
    }

    /** The services every gRPC port serves and the filter that names and forgets its transports. */
    record GrpcDoors(List<BindableService> services, ConnectionIdAssigner transports) {

        GrpcServer serve(String name, InetSocketAddress address, RemoteProperties.GrpcPort settings,
                List<ServerInterceptor> admission, int ioThreads) {
            return new GrpcServer(name, address, settings, services, transports, admission, ioThreads);
        }
    }

    private static InetSocketAddress address(HttpServerProperties server, int offset) {
        int port = server.port() + offset;
        return server.address() == null || server.address().isBlank()
                ? new InetSocketAddress(port) : new InetSocketAddress(server.address(), port);
    }
}
