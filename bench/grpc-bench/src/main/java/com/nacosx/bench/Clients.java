package com.nacosx.bench;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.config.ConfigBatchListenRequest;
import com.nacosx.api.remote.config.ConfigPublishRequest;
import com.nacosx.testsupport.NacosGrpcClient;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/** Opens many set-up connections to one server over shared event loops, and seeds configs. */
final class Clients implements AutoCloseable {

    static final String GROUP = "BENCH";

    private final EventLoopGroup loop = Epoll.isAvailable() ? new EpollEventLoopGroup(2) : new NioEventLoopGroup(2);
    private final List<NacosGrpcClient> opened = new ArrayList<>();
    private final Args args;
    private final String module;

    /** @param module the module the connections say they serve ({@code config} or {@code naming}), as the SDK labels them */
    Clients(Args args, String module) {
        this.args = args;
        this.module = module;
    }

    Clients(Args args) {
        this(args, "config");
    }

    /**
     * Opens {@code count} connections, spread over the source addresses, with at most 256
     * handshakes in flight. Connections that fail to set up are counted and closed.
     *
     * @param onPush builds each connection's push handler from its index
     */
    List<NacosGrpcClient> open(int count, List<String> sources, IntFunction<Consumer<ServerRequest>> onPush) {
        return open(count, sources, List.of(args.grpcPort()), onPush);
    }

    /** As {@link #open(int, List, IntFunction)}, the connections spread round-robin over {@code ports}. */
    List<NacosGrpcClient> open(int count, List<String> sources, List<Integer> ports,
            IntFunction<Consumer<ServerRequest>> onPush) {
        Semaphore inFlight = new Semaphore(256);
        AtomicReference<Throwable> firstFailure = new AtomicReference<>();
        List<NacosGrpcClient> ready = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Void>> setups = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            inFlight.acquireUninterruptibly();
            NacosGrpcClient client = NacosGrpcClient.open(args.host(), ports.get(i % ports.size()), sources.get(i % sources.size()),
                    loop, onPush.apply(i));
            opened.add(client);
            String token = args.text("access-token", "");
            if (!token.isEmpty()) {
                client.useAccessToken(token);
            }
            setups.add(client.setUp(Map.of("module", module)).handle((ok, error) -> {
                inFlight.release();
                if (error == null) {
                    ready.add(client);
                } else if (firstFailure.compareAndSet(null, error)) {
                    System.err.println("a connection failed to set up: " + error);
                }
                return null;
            }));
        }
        CompletableFuture.allOf(setups.toArray(CompletableFuture[]::new)).join();
        if (ready.isEmpty()) {
            throw new IllegalStateException("no connection could be set up with " + args.host() + ":" + ports);
        }
        return ready;
    }

    /** Publishes {@code count} configs {@code grpc-bench-N} of {@code size} bytes through one connection. */
    static void seed(NacosGrpcClient client, int count, int size) {
        String content = "c".repeat(size);
        List<CompletableFuture<Response>> writes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            writes.add(client.request(publish(dataId(i), content)));
            if (writes.size() == 64) {
                writes.forEach(CompletableFuture::join);
                writes.clear();
            }
        }
        writes.forEach(CompletableFuture::join);
        Response check = client.request(publish(dataId(0), content)).join();
        if (!check.isSuccess()) {
            throw new IllegalStateException("the server refused to publish: " + check.errorCode + " " + check.message);
        }
    }

    static String dataId(int index) {
        return "grpc-bench-" + index;
    }

    static ConfigPublishRequest publish(String dataId, String content) {
        ConfigPublishRequest publish = new ConfigPublishRequest();
        publish.dataId = dataId;
        publish.group = GROUP;
        publish.tenant = "";
        publish.content = content;
        return publish;
    }

    /** Listens to configs 0..count-1 with an md5 that matches none, as a client that has nothing yet. */
    static ConfigBatchListenRequest listenAll(int count) {
        ConfigBatchListenRequest listen = new ConfigBatchListenRequest();
        for (int i = 0; i < count; i++) {
            ConfigBatchListenRequest.ConfigListenContext context = new ConfigBatchListenRequest.ConfigListenContext();
            context.dataId = dataId(i);
            context.group = GROUP;
            context.tenant = "";
            context.md5 = "";
            listen.configListenContexts.add(context);
        }
        return listen;
    }

    @Override
    public void close() {
        opened.forEach(NacosGrpcClient::close);
        loop.shutdownGracefully();
    }
}
