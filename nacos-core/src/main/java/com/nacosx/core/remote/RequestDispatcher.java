package com.nacosx.core.remote;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.core.util.Futures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one table from request type to handler, with the filter chain in front. Whatever a handler
 * throws becomes an error response: a bad request never breaks the connection or the server.
 */
@Component
public class RequestDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatcher.class);

    private final Map<String, RequestHandler<?>> handlers;
    private final List<RequestFilter> filters;

    public RequestDispatcher(List<RequestHandler<?>> handlers, List<RequestFilter> filters) {
        this.handlers = handlers.stream()
                .collect(Collectors.toUnmodifiableMap(h -> h.requestType().getSimpleName(), Function.identity()));
        this.filters = List.copyOf(filters);
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
     * response, the handler's or the error it failed with, carrying the request's id.
     */
    public CompletableFuture<Response> dispatch(RequestHandler<?> handler, Request request, RequestMeta meta) {
        CompletableFuture<Response> served;
        try {
            served = filtered(handler, request, meta);
        } catch (RuntimeException e) {
            served = CompletableFuture.failedFuture(e);
        }
        return served.handle((response, failure) -> {
            Response answer = failure == null ? response : failureOf(handler, request, meta, Futures.causeOf(failure));
            answer.requestId = request.requestId;
            return answer;
        });
    }

    private static Response failureOf(RequestHandler<?> handler, Request request, RequestMeta meta, Throwable e) {
        if (e instanceof NacosException nacos) {
            return handler.failure().fail(nacos.status(), nacos.getMessage());
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
