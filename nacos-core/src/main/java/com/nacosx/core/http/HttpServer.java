package com.nacosx.core.http;

import com.nacosx.core.ModuleDoors;
import com.nacosx.core.metrics.ExceptionCounters;
import com.nacosx.core.readiness.StartupHeap;
import com.nacosx.core.readiness.StartupStep;
import com.nacosx.core.util.DaemonThreads;
import com.nacosx.core.util.ElasticPool;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The HTTP door on port P: one Netty server whose routes come from every {@link HttpApi} bean.
 * It serves requests peers pass on from its start, and opens its port once every component has
 * started (members reported to, Raft groups started) and it has answered its own warm-up requests
 * ({@link HttpWarmUp}): until then clients' connections are refused and a 1.x client tries its
 * next server at once, instead of waiting on a node busy starting the rest. The warm-up begins as
 * soon as the routes exist, beside the rest of the start (it ran after it, 0.8-3.6 s of every
 * start). It closes last, resetting its clients' connections, and owns its event loops and worker
 * pool.
 */
@Component
public class HttpServer implements SmartLifecycle, InitializingBean, DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(HttpServer.class);

    private final HttpServerProperties server;
    private final HttpTuning tuning;
    private final HttpRoutes routes = new HttpRoutes();
    private final HttpRequestLog requestLog;
    private final List<RouteFilter> filters;
    private final List<String> warmUpRequests;
    private EventLoopGroup boss;
    private EventLoopGroup io;
    private ThreadPoolExecutor workers;
    private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private ServerBootstrap bootstrap;
    private HttpDispatcher dispatcher;
    private HttpWarmUp warmUp;
    private Thread warmingUp;
    private Channel channel;
    private volatile boolean started;

    public HttpServer(HttpServerProperties server, HttpTuning tuning, List<ModuleDoors> modules, MeterRegistry metrics,
            ExceptionCounters exceptions, List<RouteFilter> filters) {
        this.filters = filters;
        this.server = server;
        this.tuning = tuning;
        this.requestLog = new HttpRequestLog(metrics, exceptions, server.accessLogEnabled());
        List<HttpApi> apis = ModuleDoors.httpApisOf(modules);
        apis.forEach(api -> api.register(routes));
        this.warmUpRequests = apis.stream().flatMap(api -> api.warmUpRequests().stream()).toList();
    }

    /** Serves an exchange that did not come through this port (a request a peer passed on). */
    public void serve(HttpExchange exchange) {
        if (!started) {
            exchange.respondText(503, "caused: this node is starting; retry;");
            return;
        }
        dispatcher.dispatch(exchange, server.servlet().contextPath() + exchange.path());
    }

    /** Builds the server, not yet listening on its port, and begins the warm-up on a loopback port. */
    @Override
    public void afterPropertiesSet() {
        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory handlers = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerChannel> channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        boss = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("http-accept"), handlers);
        io = new MultiThreadIoEventLoopGroup(tuning.ioThreads(), new DefaultThreadFactory("http-io"), handlers);
        workers = new ElasticPool(tuning.workerThreads(), 10_000, Duration.ofSeconds(60),
                new DefaultThreadFactory("http-worker"));
        String contextPath = server.servlet().contextPath();
        HttpDispatcher dispatcher = new HttpDispatcher(contextPath, routes, workers, requestLog, filters);
        this.dispatcher = dispatcher;
        int maxHeader = (int) server.maxHttpRequestHeaderSize().toBytes();
        int maxBody = (int) tuning.maxBody().toBytes();
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, io)
                .channel(channelType)
                .option(ChannelOption.SO_BACKLOG, 4096)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        clients.add(ch);
                        // The aggregator also answers "Expect: 100-continue": 100 when the body
                        // fits, 413 (and no body read) when its length is over the limit.
                        ch.pipeline()
                                .addLast(new HttpServerCodec(strictDecoding(maxHeader)))
                                .addLast(new HttpConnectionTimeouts(tuning.idleTimeout(), tuning.requestReadTimeout()))
                                .addLast(new HttpObjectAggregator(maxBody))
                                .addLast(dispatcher);
                    }
                });
        this.bootstrap = bootstrap;
        warmUp = new HttpWarmUp(tuning.warmUpRequests(), warmUpRequests);
        warmingUp = DaemonThreads.named("http-warm-up").newThread(() -> StartupStep.timed("warming up the HTTP path",
                () -> warmUp.run(bootstrap, contextPath)));
        warmingUp.start();
    }

    /** Peers' passed-on requests are served from here on. */
    @Override
    public void start() {
        started = true;
    }

    /**
     * Opens the port once the context has started every component, the server has warmed up and
     * the heap the start left is collected ({@link StartupHeap}); a refresh after that changes nothing.
     */
    @EventListener(ContextRefreshedEvent.class)
    public synchronized void open() {
        if (!started || channel != null) {
            return;
        }
        InetSocketAddress address = server.address() == null || server.address().isBlank()
                ? new InetSocketAddress(server.port()) : new InetSocketAddress(server.address(), server.port());
        warmUp.finishSoon();
        StartupStep.timed("waiting for the HTTP warm-up to end", this::awaitWarmUp);
        StartupHeap.collect();
        try {
            channel = bootstrap.bind(address).sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding " + address, e);
        } catch (Exception e) {
            stop();
            throw new IllegalStateException("cannot listen on " + address + " (" + e.getMessage()
                    + "); is another server using port " + server.port() + "? Set server.port in conf/application.properties", e);
        }
        LOG.info("HTTP listening on {}{} ({} transport)", address, server.servlet().contextPath(),
                channel instanceof EpollServerSocketChannel ? "epoll" : "nio");
    }

    /**
     * Framing as RFC 9112 wants it: a request line or header that is not well formed, a
     * Content-Length that is not one number, several Content-Lengths, or Transfer-Encoding with
     * Content-Length make the request invalid instead of being guessed at; the dispatcher refuses
     * it and closes the connection, since what follows it on the connection cannot be trusted.
     */
    private static HttpDecoderConfig strictDecoding(int maxHeader) {
        return new HttpDecoderConfig()
                .setMaxInitialLineLength(maxHeader)
                .setMaxHeaderSize(maxHeader)
                .setMaxChunkSize(64 * 1024)
                .setStrictLineParsing(true)
                .setAllowDuplicateContentLengths(false)
                .setUseRfc9112TransferEncoding(true)
                .setValidateHeaders(true);
    }

    private void awaitWarmUp() {
        try {
            warmingUp.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the HTTP path warms up", e);
        }
    }

    @Override
    public synchronized void stop() {
        if (channel != null) {
            channel.close().syncUninterruptibly();
            channel = null;
        }
        if (boss != null) {
            // Requests already running (a publish waiting for its commit) finish and are answered.
            workers.shutdown();
            try {
                workers.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            resetClients();
            boss.shutdownGracefully(0, 2, TimeUnit.SECONDS);
            io.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            workers.shutdownNow();
            requestLog.close();
            boss = null;
        }
        started = false;
    }

    /**
     * Closes the clients' connections with a reset, once every request has been answered. Closed
     * the usual way, each left a TIME_WAIT socket on this port for a minute, and until the node
     * listened again a client's new connection that happened to reuse one's address pair was
     * neither refused nor taken (Linux answers such a SYN with an ACK): it hung until the
     * client's connect timeout, up to 3 s, where a refusal sends a 1.x client on at once.
     */
    private void resetClients() {
        clients.forEach(channel -> channel.config().setOption(ChannelOption.SO_LINGER, 0));
        clients.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    }

    /** Also where the start fails after this bean was built: its threads end with the context. */
    @Override
    public void destroy() {
        stop();
    }

    @Override
    public boolean isRunning() {
        return started;
    }

    /** Starts after, and stops after, the components that hold requests open (they stop at the top phase). */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 1;
    }
}
