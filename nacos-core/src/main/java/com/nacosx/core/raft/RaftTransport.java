package com.nacosx.core.raft;

import com.alipay.sofa.jraft.rpc.RpcClient;
import com.alipay.sofa.jraft.rpc.RpcServer;
import com.alipay.sofa.jraft.rpc.impl.GrpcRaftRpcFactory;
import com.alipay.sofa.jraft.rpc.impl.GrpcServer;
import com.alipay.sofa.jraft.rpc.impl.MarshallerRegistry;
import com.alipay.sofa.jraft.util.Endpoint;
import com.alipay.sofa.jraft.util.SPI;
import com.google.protobuf.Message;
import com.nacosx.core.util.DaemonThreads;
import com.nacosx.core.util.ElasticPool;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.util.MutableHandlerRegistry;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * JRaft's gRPC transport, with a server that binds where we say ({@code server.address}; the
 * stock one binds every interface) and a client that reconnects to a peer whose calls only time
 * out. JRaft finds it through {@code META-INF/services} and prefers it to the stock factory by its
 * higher priority.
 *
 * <p>The Raft port decodes only the protobuf messages JRaft registered: a call for any other
 * method is refused by gRPC before a byte of its body is read, so nothing on this port
 * deserializes classes a peer names (the Hessian decoding of the Bolt transport is not on the
 * classpath at all).
 */
@SPI(priority = 2)
public class RaftTransport extends GrpcRaftRpcFactory {

    /** Raft log entries carry whole configs (up to {@code nacos.config.max-content}, 10 MB). */
    private static final int MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

    private final Map<String, Message> messages = new ConcurrentHashMap<>();
    /** The clients made and not yet shut down: each group's node has its own. */
    private final Set<ReconnectingGrpcClient> clients = ConcurrentHashMap.newKeySet();

    /** JRaft's gRPC client that also connects anew to a peer whose calls only time out ({@link ReconnectingGrpcClient}). */
    @Override
    public RpcClient createRpcClient(ConfigHelper<RpcClient> helper) {
        RpcClient client = clientOn(System::currentTimeMillis);
        if (helper != null) {
            helper.config(client);
        }
        return client;
    }

    /** A client that tells time by {@code clock}. */
    ReconnectingGrpcClient clientOn(LongSupplier clock) {
        ReconnectingGrpcClient client =
                new ReconnectingGrpcClient(messages, getMarshallerRegistry(), clock, clients::remove);
        clients.add(client);
        return client;
    }

    /** Tells every client that {@code peer} has just started ({@link ReconnectingGrpcClient#peerStarted}). */
    void peerStarted(Endpoint peer) {
        clients.forEach(client -> client.peerStarted(peer));
    }

    @Override
    public void registerProtobufSerializer(String className, Object... args) {
        super.registerProtobufSerializer(className, args);
        messages.put(className, (Message) args[0]);
    }

    /**
     * A Raft server on {@code address:port}, or on every interface when address is null, that
     * serves only callers {@code admission} lets in.
     */
    public RpcServer serverOn(String address, int port, ServerInterceptor admission) {
        InetSocketAddress bind = address == null ? new InetSocketAddress(port) : new InetSocketAddress(address, port);
        MutableHandlerRegistry handlers = new MutableHandlerRegistry();
        Server server = NettyServerBuilder.forAddress(bind)
                .fallbackHandlerRegistry(handlers)
                .intercept(admission)
                .directExecutor()
                .maxInboundMessageSize(MAX_MESSAGE_BYTES)
                .build();
        return new StartAwareServer(server, handlers, messages, getMarshallerRegistry());
    }

    /**
     * JRaft 1.4 asks a shared server whether it is started; the gRPC transport, released against
     * JRaft 1.3, predates the question.
     */
    private static final class StartAwareServer extends GrpcServer {

        /** As many as JRaft's own pool may hold. */
        private static final int REQUEST_THREADS = 100;
        private static final int REQUESTS_WAITING = 10_000;

        private volatile boolean started;

        StartAwareServer(Server server, MutableHandlerRegistry handlers, Map<String, Message> messages,
                MarshallerRegistry marshallers) {
            super(server, handlers, messages, marshallers);
        }

        /**
         * Replaces the pool JRaft's server runs votes, read-indexes and snapshot requests on: it
         * keeps 20 threads once 20 requests have come, however far apart.
         */
        @Override
        public boolean init(Void options) {
            started = super.init(options);
            setDefaultExecutor(new ElasticPool(REQUEST_THREADS, REQUESTS_WAITING,
                    Duration.ofSeconds(60), DaemonThreads.named("raft-requests")));
            return started;
        }

        @Override
        public void shutdown() {
            super.shutdown();
            started = false;
        }

        @Override
        public boolean isStarted() {
            return started;
        }
    }
}
