package com.nacosx.core.remote.grpc;

import com.nacosx.core.remote.RemoteProperties;
import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerTransportFilter;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One gRPC port (the SDK port P+1000 or the cluster port P+1001) serving the unary and bi-stream
 * doors. Calls run on the transport's event loops (the doors hand blocking work to their own
 * pool), so the server needs no executor of its own. Binds to {@code server.address} when set.
 */
public final class GrpcServer implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.core.remote");

    private final String name;
    private final InetSocketAddress address;
    private final RemoteProperties.GrpcPort settings;
    private final List<BindableService> services;
    private final ServerTransportFilter transportFilter;
    private Server server;

    GrpcServer(String name, InetSocketAddress address, RemoteProperties.GrpcPort settings,
            List<BindableService> services, ServerTransportFilter transportFilter) {
        this.name = name;
        this.address = address;
        this.settings = settings;
        this.services = List.copyOf(services);
        this.transportFilter = transportFilter;
    }

    @Override
    public void start() {
        NettyServerBuilder builder = NettyServerBuilder.forAddress(address)
                .directExecutor()
                .maxInboundMessageSize((int) settings.maxInboundMessageSize().toBytes())
                .keepAliveTime(settings.keepAliveTime().toMillis(), TimeUnit.MILLISECONDS)
                .keepAliveTimeout(settings.keepAliveTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .permitKeepAliveTime(settings.permitKeepAliveTime().toMillis(), TimeUnit.MILLISECONDS)
                .permitKeepAliveWithoutCalls(true)
                .addTransportFilter(transportFilter);
        ConnectionContextInterceptor context = new ConnectionContextInterceptor();
        services.forEach(service -> builder.addService(ServerInterceptors.intercept(service, context)));
        try {
            server = builder.build().start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the gRPC " + name + " port " + address
                    + "; is another server using it?", e);
        }
        LOG.info("gRPC {} port listening on {}", name, address);
    }

    @Override
    public void stop() {
        server.shutdown();
        try {
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return server != null && !server.isShutdown();
    }

    /** Opens with the HTTP door, after every bean (and so every handler) is ready. */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 1;
    }

    public int port() {
        return server.getPort();
    }
}
