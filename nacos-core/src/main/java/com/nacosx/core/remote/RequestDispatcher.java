package com.nacosx.core.remote;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
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

    public Response dispatch(RequestHandler<?> handler, Request request, RequestMeta meta) {
        Response response;
        try {
            response = filtered(handler, request, meta);
        } catch (NacosException e) {
            response = handler.failure().fail(e.status(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("[{}] {} failed", meta.connectionId(), request.getClass().getSimpleName(), e);
            response = handler.failure().fail(ErrorCodes.SERVER_ERROR,
                    "The server failed to serve " + request.getClass().getSimpleName() + ": " + e);
        }
        response.requestId = request.requestId;
        return response;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Response filtered(RequestHandler handler, Request request, RequestMeta meta) {
        for (RequestFilter filter : filters) {
            Response refusal = filter.filter(request, meta, handler);
            if (refusal != null) {
                return refusal;
            }
        }
        return handler.handle(request, meta);
    }
}
