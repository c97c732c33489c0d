package com.nacosx.core.remote;

import com.nacosx.api.exception.NacosException;
import com.nacosx.core.ModuleDoors;
import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.core.metrics.ExceptionCounters;
import com.nacosx.core.metrics.GrpcRequestTimers;
import com.nacosx.core.util.Futures;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one table from request type to handler (the modules' {@link ModuleDoors}), with the filter
 * chain in front. Whatever a handler throws becomes an error response: a bad request never breaks
 * the connection or the server.
 */
@Component
public class RequestDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatcher.class);

    private final Map<String, RequestHandler<?>> handlers;
    private final List<RequestFilter> filters;
    private final GrpcRequestTimers timers;

    public RequestDispatcher(List<ModuleDoors> modules, List<RequestFilter> filters, MeterRegistry metrics,
            ExceptionCounters exceptions) {
        this.handlers = ModuleDoors.requestHandlersOf(modules).stream()
                .collect(Collectors.toUnmodifiableMap(h -> h.requestType().getSimpleName(), Function.identity()));
        for (String type : handlers.keySet()) {
            if (!PayloadCodec.types().contains(type)) {
                throw new IllegalStateException("A handler serves " + type + ", which the payload codec cannot read;"
                        + " add the type to PayloadCodec's table");
            }
        }
        this.filters = List.copyOf(filters);
        this.timers = new GrpcRequestTimers(metrics, exceptions);
    }

    /** The handler of a payload type, or null when none serves it. */
    public RequestHandler<?> handlerOf(String type) {
        return handlers.get(type);
    }

    /** Whether this request must leave the event loop, as its handler says. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public boolean blocking(RequestHandler handler, Request request) {
        return handler.blocking(request);
    }

    /**
     * Serves the request through the filters and the handler; the future always completes with a
     * response, the handler's or the error it failed with, carrying the request's id. Its time from
     * {@code receivedNanos} (a {@link System#nanoTime} reading) to the answer is recorded.
     */
    public CompletableFuture<Response> dispatch(RequestHandler<?> handler, Request request, RequestMeta meta,
            long receivedNanos) {
        CompletableFuture<Response> served;
        try {
            served = filtered(handler, request, meta);
        } catch (RuntimeException e) {
            served = CompletableFuture.failedFuture(e);
        }
        return served.handle((response, failure) -> {
            Throwable cause = failure == null ? null : Futures.causeOf(failure);
            Response answer = cause == null ? response : failureOf(handler, request, meta, cause);
            answer.requestId = request.requestId;
            timers.record(request, answer, cause, receivedNanos);
            return answer;
        });
    }

    private static Response failureOf(RequestHandler<?> handler, Request request, RequestMeta meta, Throwable e) {
        if (e instanceof NacosException nacos) {
            return handler.failure().fail(nacos.errCode(), nacos.getMessage());
        }
        LOG.error("[{}] {} failed", meta.connectionId(), request.getClass().getSimpleName(), e);
        return handler.failure().fail(ErrorCodes.SERVER_ERROR,
                "The server failed to serve " + request.getClass().getSimpleName() + ": " + e);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private CompletableFuture<Response> filtered(RequestHandler handler, Request request, RequestMeta meta) {
        for (RequestFilter filter : filters) {
            Response refusal = filter.filter(request, meta, handler);
            if (refusal != null) {
                return CompletableFuture.completedFuture(refusal);
            }
        }
        return handler.handleAsync(request, meta);
    }
}
