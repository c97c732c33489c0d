package com.nacosx.bench;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A lean HTTP/1.1 client for loads of many small requests: keep-alive connections per server,
 * reused one request at a time, each server's on an event loop of its own. The JDK's client cost
 * the load tool about 250 µs of CPU per request, a third of this 2-core machine at 14,000 beating
 * clients, taken from the servers it measures. The caller bounds how many requests are open to a
 * server at once (each holds a connection).
 *
 * <p>A server that refused a connection is taken as refusing for the next {@link #REFUSAL_KEPT}:
 * requests to it fail at once, as a refused connection fails, without a socket of their own. While
 * a node of a cluster was down, its share of 14,000 1.x clients' tries (about 930 a second) each
 * opened, registered and closed a socket here: about 150 µs of this host's CPU apiece, half of it
 * in the kernel, which real clients spend on their own hosts. No server sees the difference: the
 * kernel refuses those connections before any server does.
 *
 * <p>Real clients do not share an event loop across the servers either: on one loop, a stopping
 * node's reset of its ~500 connections (bench/upgrade.sh) held up the answers of the other nodes,
 * which their access logs timed at 0 ms, for up to 330 ms.
 */
final class KeepAliveHttp implements AutoCloseable {

    /** A server's answer: its status and body. */
    record Answer(int status, String body) {
    }

    private static final AttributeKey<CompletableFuture<Answer>> WAITING = AttributeKey.valueOf("waiting");
    /** Short beside the seconds a node takes to start: its port open again is seen within this. */
    private static final Duration REFUSAL_KEPT = Duration.ofMillis(100);

    private final Bootstrap template;
    /** Each server's bootstrap, on its own single-threaded event loop. */
    private final Map<String, Bootstrap> bootstraps = new ConcurrentHashMap<>();
    private final Duration timeout;
    private final Map<String, Queue<Channel>> idle = new ConcurrentHashMap<>();
    /** When each server last refused a connection, by nanoTime. */
    private final Map<String, Long> refusedAt = new ConcurrentHashMap<>();

    KeepAliveHttp(Duration connectTimeout, Duration timeout) {
        this.timeout = timeout;
        this.template = new Bootstrap().channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) connectTimeout.toMillis())
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(1 << 20),
                                new AnswerHandler());
                    }
                });
    }

    /** Sends a request without a body to {@code hostPort} ("host:port"); fails on no answer within the timeout. */
    CompletableFuture<Answer> send(String hostPort, String method, String pathAndQuery, String userAgent) {
        CompletableFuture<Answer> answered = new CompletableFuture<>();
        Channel channel = idleChannel(hostPort);
        if (channel != null) {
            write(channel, hostPort, method, pathAndQuery, userAgent, answered);
            return answered;
        }
        Long refused = refusedAt.get(hostPort);
        if (refused != null && System.nanoTime() - refused < REFUSAL_KEPT.toNanos()) {
            answered.completeExceptionally(new ConnectException(hostPort + " refused a connection "
                    + Duration.ofNanos(System.nanoTime() - refused).toMillis() + " ms ago"));
            return answered;
        }
        int colon = hostPort.lastIndexOf(':');
        Bootstrap bootstrap = bootstraps.computeIfAbsent(hostPort,
                server -> template.clone(new NioEventLoopGroup(1, new DefaultThreadFactory("http-" + server))));
        ChannelFuture connecting = bootstrap.connect(hostPort.substring(0, colon),
                Integer.parseInt(hostPort.substring(colon + 1)));
        connecting.addListener(done -> {
            if (done.isSuccess()) {
                write(connecting.channel(), hostPort, method, pathAndQuery, userAgent, answered);
            } else {
                if (done.cause() instanceof ConnectException && !(done.cause() instanceof ConnectTimeoutException)) {
                    refusedAt.put(hostPort, System.nanoTime());
                }
                answered.completeExceptionally(done.cause());
            }
        });
        return answered;
    }

    private Channel idleChannel(String hostPort) {
        Queue<Channel> channels = idle.get(hostPort);
        for (Channel channel = channels == null ? null : channels.poll(); channel != null; channel = channels.poll()) {
            if (channel.isActive()) {
                return channel;
            }
        }
        return null;
    }

    private void write(Channel channel, String hostPort, String method, String pathAndQuery, String userAgent,
            CompletableFuture<Answer> answered) {
        channel.attr(WAITING).set(answered);
        ScheduledFuture<?> expiry = channel.eventLoop().schedule(() -> {
            if (answered.completeExceptionally(new TimeoutException("no answer in " + timeout))) {
                channel.close();
            }
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        answered.whenComplete((answer, error) -> {
            expiry.cancel(false);
            if (error == null && channel.isActive()) {
                idle.computeIfAbsent(hostPort, key -> new ConcurrentLinkedQueue<>()).add(channel);
            } else {
                channel.close();
            }
        });
        DefaultFullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1,
                HttpMethod.valueOf(method), pathAndQuery);
        request.headers().set(HttpHeaderNames.HOST, hostPort).set(HttpHeaderNames.USER_AGENT, userAgent)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        channel.writeAndFlush(request).addListener(written -> {
            if (!written.isSuccess()) {
                answered.completeExceptionally(written.cause());
            }
        });
    }

    /** Hands each answer to the request waiting on its connection; a closed connection fails it. */
    private static final class AnswerHandler extends SimpleChannelInboundHandler<FullHttpResponse> {

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
            CompletableFuture<Answer> waiting = ctx.channel().attr(WAITING).getAndSet(null);
            boolean keepAlive = HttpUtil.isKeepAlive(response);
            if (!keepAlive) {
                ctx.close();
            }
            if (waiting != null) {
                waiting.complete(new Answer(response.status().code(), response.content().toString(StandardCharsets.UTF_8)));
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            failWaiting(ctx, new IOException("connection closed before the answer"));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            failWaiting(ctx, cause);
            ctx.close();
        }

        private static void failWaiting(ChannelHandlerContext ctx, Throwable cause) {
            CompletableFuture<Answer> waiting = ctx.channel().attr(WAITING).getAndSet(null);
            if (waiting != null) {
                waiting.completeExceptionally(cause);
            }
        }
    }

    @Override
    public void close() {
        bootstraps.values().forEach(bootstrap -> bootstrap.config().group().shutdownGracefully());
    }
}
