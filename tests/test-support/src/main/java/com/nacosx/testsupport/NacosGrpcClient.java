package com.nacosx.testsupport;

import com.nacosx.api.grpc.auto.BiRequestStreamGrpc;
import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.grpc.auto.RequestGrpc;
import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.config.ClientConfigMetricResponse;
import com.nacosx.api.remote.config.ConfigChangeNotifyResponse;
import com.nacosx.api.remote.config.ConfigFuzzyWatchChangeNotifyResponse;
import com.nacosx.api.remote.config.ConfigFuzzyWatchSyncResponse;
import com.nacosx.api.remote.core.ClientDetectionResponse;
import com.nacosx.api.remote.core.ConnectResetResponse;
import com.nacosx.api.remote.core.ConnectionSetupRequest;
import com.nacosx.api.remote.core.ErrorResponse;
import com.nacosx.api.remote.core.HealthCheckRequest;
import com.nacosx.api.remote.core.ServerCheckRequest;
import com.nacosx.api.remote.core.ServerCheckResponse;
import com.nacosx.api.remote.core.SetupAckResponse;
import com.nacosx.api.remote.naming.NamingFuzzyWatchChangeNotifyResponse;
import com.nacosx.api.remote.naming.NamingFuzzyWatchSyncResponse;
import com.nacosx.api.remote.naming.NotifySubscriberResponse;
import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.MoreExecutors;
import io.grpc.Attributes;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioSocketChannel;
import io.grpc.stub.StreamObserver;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A bare Nacos 2.x gRPC client over our nacos-api stubs: the real handshake (ServerCheck, bi-stream,
 * ConnectionSetup), unary requests, and answers to the server's pushes. For protocol tests and
 * load tools; applications use the official client.
 */
public final class NacosGrpcClient implements AutoCloseable {

    private final ManagedChannel channel;
    private final RequestGrpc.RequestFutureStub unary;
    private final Consumer<ServerRequest> onPush;
    private final String clientIp;
    private final CompletableFuture<Void> setupAcked = new CompletableFuture<>();
    private volatile StreamObserver<Payload> stream;
    private volatile String connectionId;
    private volatile boolean streamEnded;
    private volatile boolean answering = true;
    private volatile String accessToken;

    private NacosGrpcClient(ManagedChannel channel, Consumer<ServerRequest> onPush, String clientIp) {
        this.channel = channel;
        this.clientIp = clientIp;
        this.unary = RequestGrpc.newFutureStub(channel);
        this.onPush = onPush;
    }

    /**
     * A channel to {@code host:port}, not yet set up.
     *
     * @param localIp the 127.x source address to connect from, also reported as the client's IP;
     *                null for any (the client then reports 127.0.0.1)
     * @param loop    the event loop to share with other clients, or null for gRPC's default
     */
    public static NacosGrpcClient open(String host, int port, String localIp, EventLoopGroup loop,
            Consumer<ServerRequest> onPush) {
        NettyChannelBuilder builder = NettyChannelBuilder.forAddress(host, port)
                .usePlaintext()
                .maxInboundMessageSize(64 * 1024 * 1024)
                .directExecutor();
        if (loop != null) {
            builder.eventLoopGroup(loop)
                    .channelType(Epoll.isAvailable() ? EpollSocketChannel.class : NioSocketChannel.class);
        }
        if (localIp != null) {
            InetSocketAddress local = new InetSocketAddress(localIp, 0);
            builder.localSocketPicker(new NettyChannelBuilder.LocalSocketPicker() {
                @Override
                public SocketAddress createSocketAddress(SocketAddress remote, Attributes attrs) {
                    return local;
                }
            });
        }
        return new NacosGrpcClient(builder.build(), onPush == null ? push -> { } : onPush,
                localIp == null ? "127.0.0.1" : localIp);
    }

    /** Connects and registers as the official client does; returns when the server acked the setup. */
    public static NacosGrpcClient connect(String host, int port) {
        NacosGrpcClient client = open(host, port, null, null, null);
        client.setUp(Map.of()).join();
        return client;
    }

    /**
     * ServerCheck, then the bi-stream with ConnectionSetupRequest; completes when the server's
     * SetupAckRequest arrives (so the connection is registered).
     */
    public CompletableFuture<Void> setUp(Map<String, String> labels) {
        return request(new ServerCheckRequest()).thenCompose(check -> {
            if (!(check instanceof ServerCheckResponse ok)) {
                return CompletableFuture.failedFuture(new IllegalStateException("server check failed: " + check.message));
            }
            connectionId = ok.connectionId;
            stream = BiRequestStreamGrpc.newStub(channel).requestBiStream(new PushReceiver());
            ConnectionSetupRequest setup = new ConnectionSetupRequest();
            setup.clientVersion = "Nacos-Java-Client:v2.5.1";
            setup.labels.putAll(labels);
            setup.labels.putIfAbsent("source", "sdk");
            setup.abilityTable = Map.of();
            synchronized (this) {
                stream.onNext(PayloadCodec.encode(setup, clientIp));
            }
            return ok.supportAbilityNegotiation ? setupAcked : untilRegistered(50);
        });
    }

    /** For servers that send no SetupAck: health-checks until the setup has registered the connection. */
    private CompletableFuture<Void> untilRegistered(int triesLeft) {
        return healthCheck().thenCompose(answer -> {
            if (answer.isSuccess()) {
                return CompletableFuture.completedFuture(null);
            }
            if (triesLeft == 0 || streamEnded) {
                return CompletableFuture.failedFuture(new IllegalStateException("setup not registered: " + answer.message));
            }
            return CompletableFuture.runAsync(() -> { },
                    CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS)).thenCompose(v -> untilRegistered(triesLeft - 1));
        });
    }

    /**
     * Opens another bi-stream on this connection and sends {@code first} on it, as no real client
     * would; completes with the error that ends the stream, or null when the server completes it.
     */
    public CompletableFuture<Throwable> openStreamWith(Payload first) {
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        StreamObserver<Payload> raw = BiRequestStreamGrpc.newStub(channel).requestBiStream(new StreamObserver<>() {
            @Override
            public void onNext(Payload ignored) {
            }

            @Override
            public void onError(Throwable error) {
                ended.complete(error);
            }

            @Override
            public void onCompleted() {
                ended.complete(null);
            }
        });
        raw.onNext(first);
        return ended;
    }

    public String connectionId() {
        return connectionId;
    }

    /** Whether the server ended the bi-stream (reset, refusal, shutdown). */
    public boolean streamEnded() {
        return streamEnded;
    }

    /** From now on every request carries this access token, as the official SDK's do once logged in. */
    public void useAccessToken(String token) {
        accessToken = token;
    }

    public CompletableFuture<Response> request(Request request) {
        if (accessToken != null) {
            request.headers().put("accessToken", accessToken);
        }
        return raw(PayloadCodec.encode(request, clientIp)).thenApply(payload -> (Response) PayloadCodec.decode(payload));
    }

    /** Sends any payload, well-formed or not, and completes with the server's answer. */
    public CompletableFuture<Payload> raw(Payload payload) {
        CompletableFuture<Payload> answer = new CompletableFuture<>();
        Futures.addCallback(unary.withDeadlineAfter(30, TimeUnit.SECONDS).request(payload), new FutureCallback<>() {
            @Override
            public void onSuccess(Payload result) {
                answer.complete(result);
            }

            @Override
            public void onFailure(Throwable error) {
                answer.completeExceptionally(error);
            }
        }, MoreExecutors.directExecutor());
        return answer;
    }

    /** From now on pushes are received but not answered, as by a client that hangs. */
    public void stopAnswering() {
        answering = false;
    }

    public Response requestNow(Request request) {
        return request(request).join();
    }

    public CompletableFuture<Response> healthCheck() {
        return request(new HealthCheckRequest());
    }

    @Override
    public void close() {
        StreamObserver<Payload> current = stream;
        if (current != null && !streamEnded) {
            try {
                synchronized (this) {
                    current.onCompleted();
                }
            } catch (RuntimeException alreadyClosed) {
                // the server ended it first
            }
        }
        channel.shutdownNow();
    }

    /** Answers every push as the official client does, after handing it to {@code onPush}. */
    private final class PushReceiver implements StreamObserver<Payload> {

        @Override
        public void onNext(Payload payload) {
            Object message = PayloadCodec.decode(payload);
            if (!(message instanceof ServerRequest push)) {
                return;
            }
            Response answer = switch (push.getClass().getSimpleName()) {
                case "SetupAckRequest" -> new SetupAckResponse();
                case "ConfigChangeNotifyRequest" -> new ConfigChangeNotifyResponse();
                case "ClientDetectionRequest" -> new ClientDetectionResponse();
                case "ConnectResetRequest" -> new ConnectResetResponse();
                case "ClientConfigMetricRequest" -> new ClientConfigMetricResponse();
                case "NotifySubscriberRequest" -> new NotifySubscriberResponse();
                case "ConfigFuzzyWatchSyncRequest" -> new ConfigFuzzyWatchSyncResponse();
                case "ConfigFuzzyWatchChangeNotifyRequest" -> new ConfigFuzzyWatchChangeNotifyResponse();
                case "NamingFuzzyWatchSyncRequest" -> new NamingFuzzyWatchSyncResponse();
                case "NamingFuzzyWatchChangeNotifyRequest" -> new NamingFuzzyWatchChangeNotifyResponse();
                default -> ErrorResponse.of(500, "unsupported push " + push.getClass().getSimpleName());
            };
            onPush.accept(push);
            if (answer instanceof SetupAckResponse) {
                setupAcked.complete(null);
                return;
            }
            if (!answering) {
                return;
            }
            answer.requestId = push.requestId;
            synchronized (NacosGrpcClient.this) {
                stream.onNext(PayloadCodec.encode(answer));
            }
        }

        @Override
        public void onError(Throwable error) {
            streamEnded = true;
            setupAcked.completeExceptionally(error);
        }

        @Override
        public void onCompleted() {
            streamEnded = true;
            setupAcked.completeExceptionally(new IllegalStateException("the server ended the stream"));
        }
    }
}
