package com.nacosx.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.core.HealthCheckRequest;
import com.nacosx.api.remote.core.HealthCheckResponse;
import com.nacosx.api.remote.core.ServerCheckRequest;
import com.nacosx.api.remote.core.ServerCheckResponse;
import com.nacosx.core.ModuleDoors;
import com.nacosx.core.auth.TokenMemo;
import com.nacosx.core.metrics.ExceptionCounters;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The gRPC request table and its filter chain, in process: every outcome is an answer with the request's id. */
class RequestDispatcherTest {

    static final RequestMeta META = new RequestMeta("conn-1", "10.0.0.1", "127.0.0.1", "2.5.1", Map.of(),
            new TokenMemo());

    /** Answers health checks with what {@code serve} makes of them. */
    record HealthHandler(Function<HealthCheckRequest, CompletableFuture<Response>> serve)
            implements AsyncRequestHandler<HealthCheckRequest> {
        @Override
        public Class<HealthCheckRequest> requestType() {
            return HealthCheckRequest.class;
        }

        @Override
        public CompletableFuture<Response> handleAsync(HealthCheckRequest request, RequestMeta meta) {
            return serve.apply(request);
        }

        @Override
        public Response failure() {
            return new HealthCheckResponse();
        }
    }

    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final List<String> served = new ArrayList<>();

    RequestDispatcher dispatcher(Function<HealthCheckRequest, CompletableFuture<Response>> serve,
            RequestFilter... filters) {
        return new RequestDispatcher(List.of(new ModuleDoors("test", List.of(), List.of(new HealthHandler(request -> {
            served.add(request.requestId);
            return serve.apply(request);
        })))), List.of(filters), meters, new ExceptionCounters(meters));
    }

    static HealthCheckRequest request(String id) {
        HealthCheckRequest request = new HealthCheckRequest();
        request.requestId = id;
        return request;
    }

    Response dispatch(RequestDispatcher dispatcher, HealthCheckRequest request) {
        return dispatcher.dispatch(dispatcher.handlerOf("HealthCheckRequest"), request, META, System.nanoTime()).join();
    }

    @Test
    void aRequestIsServedByTheHandlerOfItsTypeAndAnsweredWithItsId() {
        HealthCheckResponse ok = new HealthCheckResponse();
        RequestDispatcher dispatcher = dispatcher(request -> CompletableFuture.completedFuture(ok));
        assertNull(dispatcher.handlerOf("ServerCheckRequest"), "no handler, no entry");
        Response answer = dispatch(dispatcher, request("7"));
        assertSame(ok, answer);
        assertEquals("7", answer.requestId);
        assertEquals(List.of("7"), served);
    }

    @Test
    void aRefusalFromTheHandlerIsAnsweredAsItsFailureTypeWithTheCodeAndMessage() {
        RequestDispatcher dispatcher = dispatcher(request -> {
            throw NacosException.badRequest("Param 'x' is illegal");
        });
        Response answer = dispatch(dispatcher, request("8"));
        assertInstanceOf(HealthCheckResponse.class, answer, "the type the client casts the answer to");
        assertFalse(answer.isSuccess());
        assertEquals(400, answer.errorCode);
        assertEquals("Param 'x' is illegal", answer.message);
        assertEquals("8", answer.requestId);
    }

    @Test
    void anUnexpectedFailureOfAnAsynchronousHandlerIsAServerErrorNamingTheRequest() {
        RequestDispatcher dispatcher = dispatcher(
                request -> CompletableFuture.failedFuture(new IllegalStateException("disk full")));
        Response answer = dispatch(dispatcher, request("9"));
        assertEquals(ErrorCodes.SERVER_ERROR, answer.errorCode);
        assertTrue(answer.message.contains("HealthCheckRequest") && answer.message.contains("disk full"), answer.message);
        assertEquals("9", answer.requestId);
    }

    @Test
    void aFilterThatAnswersStopsTheRequestBeforeItsHandler() {
        RequestFilter refuseAll = (request, meta, handler) -> handler.failure().fail(403, "no permission");
        RequestFilter neverReached = (request, meta, handler) -> {
            throw new AssertionError("the chain stops at the first answer");
        };
        RequestDispatcher dispatcher = dispatcher(request -> CompletableFuture.completedFuture(new HealthCheckResponse()),
                refuseAll, neverReached);
        Response answer = dispatch(dispatcher, request("10"));
        assertEquals(403, answer.errorCode);
        assertEquals("10", answer.requestId);
        assertTrue(served.isEmpty());
    }

    @Test
    void handlersAreFoundByTheSimpleNameTheClientsSend() {
        RequestHandler<ServerCheckRequest> check = new RequestHandler<>() {
            @Override
            public Class<ServerCheckRequest> requestType() {
                return ServerCheckRequest.class;
            }

            @Override
            public Response handle(ServerCheckRequest request, RequestMeta meta) {
                return new ServerCheckResponse(meta.connectionId(), true);
            }
        };
        RequestDispatcher dispatcher = new RequestDispatcher(List.of(new ModuleDoors("test", List.of(), List.of(check))),
                List.of(), meters, new ExceptionCounters(meters));
        assertSame(check, dispatcher.handlerOf("ServerCheckRequest"));
    }

    /** A request type the payload codec has never heard of. */
    static final class UnreadableRequest extends Request {
        @Override
        public String getModule() {
            return "test";
        }
    }

    @Test
    void aHandlerOfATypeTheCodecCannotReadStopsTheServerFromStarting() {
        RequestHandler<UnreadableRequest> unreadable = new RequestHandler<>() {
            @Override
            public Class<UnreadableRequest> requestType() {
                return UnreadableRequest.class;
            }

            @Override
            public Response handle(UnreadableRequest request, RequestMeta meta) {
                return new HealthCheckResponse();
            }
        };
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> new RequestDispatcher(
                List.of(new ModuleDoors("test", List.of(), List.of(unreadable))), List.of(), meters,
                new ExceptionCounters(meters)));
        assertTrue(refused.getMessage().contains("UnreadableRequest"), refused.getMessage());
    }
}
