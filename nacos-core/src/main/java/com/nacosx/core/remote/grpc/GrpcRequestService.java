package com.nacosx.core.remote.grpc;

import com.nacosx.api.exception.Shown;
import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.grpc.auto.RequestGrpc;
import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.core.ErrorResponse;
import com.nacosx.api.remote.core.ServerCheckRequest;
import com.nacosx.api.remote.core.ServerCheckResponse;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.remote.RequestDispatcher;
import com.nacosx.core.remote.RequestHandler;
import io.grpc.BindableService;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * The unary door ({@code /Request/request}): checks, in the official order, that the server is
 * up, that the type has a handler, that the connection is registered and that the body parses;
 * then runs the handler on the event loop, or on the worker pool when it may block.
 */
final class GrpcRequestService implements BindableService {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.core.remote");
    private static final String SERVER_CHECK = ServerCheckRequest.class.getSimpleName();

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
                .addMethod(method, ServerCalls.asyncUnaryCall(this::request))
                .build();
    }

    private void request(Payload payload, StreamObserver<Payload> answer) {
        String type = payload.getMetadata().getType();
        String connectionId = GrpcContext.connectionId();
        if (!readiness.isReady()) {
            reply(answer, ErrorResponse.of(ErrorCodes.INVALID_SERVER_STATUS, "Server is starting, please try later."));
            return;
        }
        if (SERVER_CHECK.equals(type)) {
            reply(answer, new ServerCheckResponse(connectionId, true));
            return;
        }
        if (payload == TolerantPayloadMarshaller.UNREADABLE) {
            LOG.warn("[{}] unreadable request: not a Nacos Payload protobuf", connectionId);
            reply(answer, ErrorResponse.of(ErrorCodes.BAD_GATEWAY, "Invalid request: the message is not a Nacos "
                    + "Payload protobuf"));
            return;
        }
        RequestHandler<?> handler = dispatcher.handlerOf(type);
        if (handler == null) {
            LOG.warn("[{}] no handler for request type '{}'", connectionId, Shown.bounded(type));
            reply(answer, ErrorResponse.of(ErrorCodes.NO_HANDLER, "RequestHandler Not Found: no handler for type '"
                    + Shown.bounded(type) + "'"));
            return;
        }
        Connection connection = connections.get(connectionId);
        if (connection == null) {
            reply(answer, ErrorResponse.of(ErrorCodes.UN_REGISTER,
                    "Connection is unregistered. Open the bi-stream and send ConnectionSetupRequest first."));
            return;
        }
        if (handler.peersOnly() && connection.meta().localPort() != clusterPort) {
            LOG.warn("[{}] refused {} on the SDK port: only peers send it, on the cluster port", connectionId, type);
            reply(answer, ErrorResponse.of(ErrorCodes.NO_HANDLER, "RequestHandler Not Found: " + type
                    + " is served to cluster members on the cluster port only"));
            return;
        }
        Request request;
        try {
            if (!(PayloadCodec.decode(payload) instanceof Request parsed)) {
                reply(answer, ErrorResponse.of(ErrorCodes.BAD_GATEWAY, "Invalid request: " + type + " is not a request"));
                return;
            }
            request = parsed;
        } catch (PayloadCodec.MalformedPayloadException e) {
            LOG.warn("[{}] unreadable {}: {}", connectionId, type, Shown.bounded(e.getMessage()));
            reply(answer, ErrorResponse.of(ErrorCodes.BAD_GATEWAY, Shown.bounded(e.getMessage())));
            return;
        }
        connection.touch();
        long received = System.nanoTime();
        if (!dispatcher.blocking(handler, request)) {
            dispatcher.dispatch(handler, request, connection.requestMeta(), received)
                    .thenAccept(response -> reply(answer, response));
            return;
        }
        try {
            workers.execute(() -> dispatcher.dispatch(handler, request, connection.requestMeta(), received)
                    .thenAccept(response -> reply(answer, response)));
        } catch (RejectedExecutionException e) {
            reply(answer, handler.failure().fail(ErrorCodes.OVER_THRESHOLD,
                    "The server is overloaded: too many requests waiting. Retry later."));
        }
    }

    private static void reply(StreamObserver<Payload> answer, Response response) {
        try {
            answer.onNext(PayloadCodec.encode(response));
            answer.onCompleted();
        } catch (RuntimeException e) {
            LOG.debug("the client left before its answer was sent", e);
        }
    }
}
