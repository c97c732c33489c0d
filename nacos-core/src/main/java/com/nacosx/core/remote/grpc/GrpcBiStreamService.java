package com.nacosx.core.remote.grpc;

import com.nacosx.api.exception.Shown;
import com.nacosx.api.grpc.auto.BiRequestStreamGrpc;
import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.core.ConnectionSetupRequest;
import com.nacosx.api.remote.core.SetupAckRequest;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.remote.ConnectionMeta;
import io.grpc.Attributes;
import io.grpc.BindableService;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.netty.util.concurrent.EventExecutor;
import io.grpc.netty.shaded.io.netty.util.internal.ThreadExecutorMap;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bi-stream door ({@code /BiRequestStream/requestBiStream}): the client's setup registers
 * its connection; the client's answers to pushes complete them; the end of the stream
 * unregisters the connection at once.
 */
final class GrpcBiStreamService implements BindableService {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.core.remote");

    private final ServerReadiness readiness;
    private final ConnectionManager connections;
    private final Map<String, Boolean> abilities;
    private final int clusterPort;

    /** @param clusterPort the port peers use: they set up their connection before this node is ready */
    GrpcBiStreamService(ServerReadiness readiness, ConnectionManager connections, Map<String, Boolean> abilities,
            int clusterPort) {
        this.clusterPort = clusterPort;
        this.readiness = readiness;
        this.connections = connections;
        this.abilities = Map.copyOf(abilities);
    }

    /**
     * The generated method, with the server's side sending pre-serialized payloads, behind the
     * interceptor that hands the stream its transport.
     */
    @Override
    public ServerServiceDefinition bindService() {
        MethodDescriptor<Payload, byte[]> method = BiRequestStreamGrpc.getRequestBiStreamMethod()
                .toBuilder(new TolerantPayloadMarshaller(), new EncodedPayloadMarshaller())
                .build();
        return ServerInterceptors.intercept(ServerServiceDefinition.builder(BiRequestStreamGrpc.SERVICE_NAME)
                .addMethod(method, ServerCalls.asyncBidiStreamingCall(this::requestBiStream))
                .build(), new ConnectionContextInterceptor());
    }

    private StreamObserver<Payload> requestBiStream(StreamObserver<byte[]> responses) {
        ServerCallStreamObserver<byte[]> stream = (ServerCallStreamObserver<byte[]>) responses;
        Attributes transport = GrpcContext.current();
        String connectionId = GrpcContext.connectionId(transport);
        InetSocketAddress remote = GrpcContext.remoteAddress(transport);
        String remoteIp = remote.getAddress().getHostAddress();
        int remotePort = remote.getPort();
        int localPort = GrpcContext.localAddress(transport).getPort();
        // With the direct executor the call starts on its connection's event loop: remember it.
        EventExecutor loop = ThreadExecutorMap.currentExecutor();
        return new StreamObserver<>() {
            @Override
            public void onNext(Payload payload) {
                Object message;
                try {
                    if (payload == TolerantPayloadMarshaller.UNREADABLE) {
                        throw new PayloadCodec.MalformedPayloadException("not a Nacos Payload protobuf");
                    }
                    message = PayloadCodec.decode(payload);
                } catch (PayloadCodec.MalformedPayloadException e) {
                    LOG.warn("[{}] unreadable message on the bi-stream: {}", connectionId, Shown.bounded(e.getMessage()));
                    if (connections.get(connectionId) == null) {
                        // Without a readable setup the connection can never be used: say so and end it.
                        stream.onError(Status.INVALID_ARGUMENT.withDescription("unreadable "
                                + payload.getMetadata().getType() + ": " + Shown.bounded(e.getMessage())
                                + "; send a ConnectionSetupRequest first").asRuntimeException());
                    }
                    return;
                }
                if (message instanceof ConnectionSetupRequest setup) {
                    String clientIp = payload.getMetadata().getClientIp().isEmpty() ? remoteIp
                            : payload.getMetadata().getClientIp();
                    setUp(setup, clientIp);
                } else if (message instanceof Response response) {
                    connections.acknowledge(connectionId, response);
                } else {
                    LOG.warn("[{}] unexpected {} on the bi-stream", connectionId, message.getClass().getSimpleName());
                }
            }

            private void setUp(ConnectionSetupRequest setup, String clientIp) {
                Map<String, String> labels = withoutNulls(setup.labels);
                ConnectionMeta meta = new ConnectionMeta(connectionId, clientIp, remoteIp,
                        remotePort, localPort, setup.clientVersion,
                        labels.getOrDefault("AppName", "-"), setup.tenant, labels.getOrDefault("source", ConnectionMeta.SDK_SOURCE),
                        labels, setup.abilityTable, System.currentTimeMillis());
                Connection connection = new Connection(meta, new GrpcStreamChannel(stream, loop));
                if (!readiness.isReady() && localPort != clusterPort) {
                    LOG.warn("[{}] setup refused: the server is {}", connectionId,
                            readiness.isStopping() ? "stopping" : "still starting");
                    connections.reset(connection, null);
                    return;
                }
                if (!connections.register(connection)) {
                    connections.reset(connection, null);
                    return;
                }
                if (setup.abilityTable != null) {
                    connection.send(new SetupAckRequest(abilities));
                }
            }

            @Override
            public void onError(Throwable error) {
                connections.unregister(connectionId, "stream broken: " + error.getMessage());
            }

            @Override
            public void onCompleted() {
                connections.unregister(connectionId, "stream closed by the client");
            }
        };
    }

    /** A client's labels with the entries that have no key or no value left out (a null breaks nothing then). */
    private static Map<String, String> withoutNulls(Map<String, String> labels) {
        if (labels == null) {
            return Map.of();
        }
        Map<String, String> kept = new LinkedHashMap<>();
        labels.forEach((key, value) -> {
            if (key != null && value != null) {
                kept.put(key, value);
            }
        });
        return Map.copyOf(kept);
    }
}
