package com.nacosx.core.remote.grpc;

import com.nacosx.api.exception.Shown;
import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.grpc.auto.RequestGrpc;
import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.MemberReportRequest;
import com.nacosx.api.remote.core.ErrorResponse;
import com.nacosx.api.remote.core.ServerCheckRequest;
import com.nacosx.api.remote.core.ServerCheckResponse;
import com.nacosx.api.remote.distro.DistroDataRequest;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.remote.RequestDispatcher;
import com.nacosx.core.remote.RequestHandler;
import io.grpc.Attributes;
import io.grpc.BindableService;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.Status;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * The unary door ({@code /Request/request}): checks, in the official order, that the server is
 * up, that the type has a handler, that the connection is registered and that the body parses;
 * then runs the handler on the event loop, or on the worker pool when it may block. It answers on
 * the gRPC call itself rather than through the stub's observers and a context: most of its
 * requests are health checks, which cost little more than that machinery.
 */
final class GrpcRequestService implements BindableService {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.core.remote");
    private static final String SERVER_CHECK = ServerCheckRequest.class.getSimpleName();
    /**
     * What a node that is not ready answers its peers: they connect and report while it loads, so
     * their connection is up, and their requests flow at once, when it says it is ready; and it
     * takes their Distro syncs, so that what changes after their snapshots is here when it is ready.
     */
    private static final Set<String> PEERS_BEFORE_READY = Set.of(SERVER_CHECK,
            MemberReportRequest.class.getSimpleName(), DistroDataRequest.class.getSimpleName());

    private final ServerReadiness readiness;
    private final ConnectionManager connections;
    private final RequestDispatcher dispatcher;
    private final ExecutorService workers;
    private final int clusterPort;

    /** @param clusterPort the port peers use; requests only peers send are refused on any other */
    GrpcRequestService(ServerReadiness readiness, ConnectionManager connections, RequestDispatcher dispatcher,
            ExecutorService workers, int clusterPort) {
        this.readiness = readiness;
        this.connections = connections;
        this.dispatcher = dispatcher;
        this.workers = workers;
        this.clusterPort = clusterPort;
    }

    /** The generated method, reading requests with {@link TolerantPayloadMarshaller}. */
    @Override
    public ServerServiceDefinition bindService() {
        TolerantPayloadMarshaller payloads = new TolerantPayloadMarshaller();
        MethodDescriptor<Payload, Payload> method = RequestGrpc.getRequestMethod().toBuilder(payloads, payloads).build();
        return ServerServiceDefinition.builder(RequestGrpc.SERVICE_NAME)
                .addMethod(method, UnaryCall::new)
                .build();
    }

    /** One request and its answer; gRPC calls a listener's methods one at a time. */
    private final class UnaryCall extends ServerCall.Listener<Payload> {

        private final ServerCall<Payload, Payload> call;
        private Payload received;
        private boolean refused;

        UnaryCall(ServerCall<Payload, Payload> call, Metadata headers) {
            this.call = call;
            // Two, to tell a client that sends more than the one message a unary call carries.
            call.request(2);
        }

        @Override
        public void onMessage(Payload payload) {
            if (refused) {
                return;
            }
            if (received != null) {
                refused = true;
                call.close(Status.INTERNAL.withDescription("Too many requests: a unary call carries one"), new Metadata());
                return;
            }
            received = payload;
        }

        @Override
        public void onHalfClose() {
            if (refused) {
                return;
            }
            if (received == null) {
                call.close(Status.INTERNAL.withDescription("Half-closed without a request"), new Metadata());
                return;
            }
            request(received, call.getAttributes(), this::reply);
        }

        private void reply(Response response) {
            try {
                call.sendHeaders(new Metadata());
                call.sendMessage(PayloadCodec.encode(response));
                call.close(Status.OK, new Metadata());
            } catch (RuntimeException e) {
                LOG.debug("the client left before its answer was sent", e);
            }
        }
    }

    private void request(Payload payload, Attributes transport, Consumer<Response> answer) {
        String type = payload.getMetadata().getType();
        String connectionId = GrpcContext.connectionId(transport);
        if (!readiness.isReady() && !(PEERS_BEFORE_READY.contains(type)
                && GrpcContext.localAddress(transport).getPort() == clusterPort)) {
            answer.accept(ErrorResponse.of(ErrorCodes.INVALID_SERVER_STATUS, readiness.isStopping()
                    ? "Server is stopping, please try another server." : "Server is starting, please try later."));
            return;
        }
        if (SERVER_CHECK.equals(type)) {
            answer.accept(new ServerCheckResponse(connectionId, true));
            return;
        }
        if (payload == TolerantPayloadMarshaller.UNREADABLE) {
            LOG.warn("[{}] unreadable request: not a Nacos Payload protobuf", connectionId);
            answer.accept(ErrorResponse.of(ErrorCodes.BAD_GATEWAY, "Invalid request: the message is not a Nacos "
                    + "Payload protobuf"));
            return;
        }
        RequestHandler<?> handler = dispatcher.handlerOf(type);
        if (handler == null) {
            LOG.warn("[{}] no handler for request type '{}'", connectionId, Shown.bounded(type));
            answer.accept(ErrorResponse.of(ErrorCodes.NO_HANDLER, "RequestHandler Not Found: no handler for type '"
                    + Shown.bounded(type) + "'"));
            return;
        }
        Connection connection = connections.get(connectionId);
        if (connection == null) {
            answer.accept(ErrorResponse.of(ErrorCodes.UN_REGISTER,
                    "Connection is unregistered. Open the bi-stream and send ConnectionSetupRequest first."));
            return;
        }
        if (handler.peersOnly() && connection.meta().localPort() != clusterPort) {
            LOG.warn("[{}] refused {} on the SDK port: only peers send it, on the cluster port", connectionId, type);
            answer.accept(ErrorResponse.of(ErrorCodes.NO_HANDLER, "RequestHandler Not Found: " + type
                    + " is served to cluster members on the cluster port only"));
            return;
        }
        Request request;
        try {
            if (!(PayloadCodec.decode(payload) instanceof Request parsed)) {
                answer.accept(ErrorResponse.of(ErrorCodes.BAD_GATEWAY, "Invalid request: " + type + " is not a request"));
                return;
            }
            request = parsed;
        } catch (PayloadCodec.MalformedPayloadException e) {
            LOG.warn("[{}] unreadable {}: {}", connectionId, type, Shown.bounded(e.getMessage()));
            answer.accept(ErrorResponse.of(ErrorCodes.BAD_GATEWAY, Shown.bounded(e.getMessage())));
            return;
        }
        connection.touch();
        long received = System.nanoTime();
        if (!dispatcher.blocking(handler, request)) {
            dispatcher.dispatch(handler, request, connection.requestMeta(), received)
                    .thenAccept(answer);
            return;
        }
        try {
            workers.execute(() -> dispatcher.dispatch(handler, request, connection.requestMeta(), received)
                    .thenAccept(answer));
        } catch (RejectedExecutionException e) {
            answer.accept(handler.failure().fail(ErrorCodes.OVER_THRESHOLD,
                    "The server is overloaded: too many requests waiting. Retry later."));
        }
    }
}
