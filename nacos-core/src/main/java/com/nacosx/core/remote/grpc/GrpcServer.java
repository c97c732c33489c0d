package com.nacosx.core.remote.grpc;

import com.nacosx.core.remote.RemoteProperties;
import com.nacosx.core.util.DaemonThreads;
import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerTransportFilter;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
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
 * doors. Calls run on the port's own event loops, one per core by default (the doors hand
 * blocking work to their pool), so no thread hand-off happens for in-memory requests. Binds to
 * {@code server.address} when set.
 */
public final class GrpcServer implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.core.remote");

    /**
     * A fixed HTTP/2 window. Setting it turns off grpc's window auto-tuning, which pings the
     * client after reads to estimate bandwidth: wasted frames for small Nacos messages.
     */
    private static final int FLOW_CONTROL_WINDOW = 1024 * 1024;

    private final String name;
    private final InetSocketAddress address;
    private final RemoteProperties.GrpcPort settings;
    private final List<BindableService> services;
    private final ServerTransportFilter transportFilter;
    private final List<ServerInterceptor> admission;
    private final int ioThreads;
    private Server server;
    private EventLoopGroup boss;
    private EventLoopGroup io;

    GrpcServer(String name, InetSocketAddress address, RemoteProperties.GrpcPort settings,
            List<BindableService> services, ServerTransportFilter transportFilter, List<ServerInterceptor> admission,
            int ioThreads) {
        this.ioThreads = ioThreads;
        this.admission = List.copyOf(admission);
        this.name = name;
        this.address = address;
        this.settings = settings;
        this.services = List.copyOf(services);
        this.transportFilter = transportFilter;
    }

    @Override
    public void start() {
        boolean epoll = Epoll.isAvailable();
        boss = epoll ? new EpollEventLoopGroup(1, new DefaultThreadFactory("grpc-" + name + "-accept", true))
                : new NioEventLoopGroup(1, new DefaultThreadFactory("grpc-" + name + "-accept", true));
        io = epoll ? new EpollEventLoopGroup(ioThreads, new DefaultThreadFactory("grpc-" + name + "-io", true))
                : new NioEventLoopGroup(ioThreads, new DefaultThreadFactory("grpc-" + name + "-io", true));
        NettyServerBuilder builder = NettyServerBuilder.forAddress(address)
                .bossEventLoopGroup(boss)
                .workerEventLoopGroup(io)
                .channelType(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                .directExecutor()
                .maxInboundMessageSize((int) settings.maxInboundMessageSize().toBytes())
                .keepAliveTime(settings.keepAliveTime().toMillis(), TimeUnit.MILLISECONDS)
                .keepAliveTimeout(settings.keepAliveTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .permitKeepAliveTime(settings.permitKeepAliveTime().toMillis(), TimeUnit.MILLISECONDS)
                .permitKeepAliveWithoutCalls(true)
                .flowControlWindow(FLOW_CONTROL_WINDOW)
                .addTransportFilter(transportFilter);
        services.forEach(service -> builder.addService(ServerInterceptors.intercept(service, admission)));
        try {
            server = builder.build().start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the gRPC " + name + " port " + address
                    + "; is another server using it?", e);
        }
        LOG.info("gRPC {} port listening on {}", name, address);
    }

    /**
     * Refuses new calls at once and lets the calls under way finish on a thread of its own, so the
     * other doors of its phase stop beside it. Waiting here first held the HTTP door open after the
     * peers were told this node is stopping: its 1.x clients were answered 503 for 5 s a gRPC port,
     * each then sent its request again to another server, and this node compiled the refusal.
     */
    @Override
    public void stop(Runnable stopped) {
        server.shutdown();
        DaemonThreads.named("grpc-" + name + "-stop").newThread(() -> {
            stop();
            stopped.run();
        }).start();
    }

    /** Gives the calls under way up to 5 s: the peers' streams never end by themselves. */
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
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        io.shutdownGracefully(0, 1, TimeUnit.SECONDS);
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
