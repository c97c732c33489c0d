package com.nacosx.core.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last stage of every HTTP pipeline: strips the context path, finds the route, and runs its
 * handler on the event loop or the worker pool, answering every failure in the 1.x error format.
 * Stateless and shared by all connections.
 */
@ChannelHandler.Sharable
final class HttpDispatcher extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final Logger LOG = LoggerFactory.getLogger(HttpDispatcher.class);

    private final String contextPath;
    private final HttpRoutes routes;
    private final Executor workers;
    private final HttpRequestLog requestLog;
    private final List<RouteFilter> filters;

    HttpDispatcher(String contextPath, HttpRoutes routes, Executor workers, HttpRequestLog requestLog,
            List<RouteFilter> filters) {
        this.contextPath = contextPath;
        this.routes = routes;
        this.workers = workers;
        this.requestLog = requestLog;
        this.filters = List.copyOf(filters);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (request.decoderResult().isFailure()) {
            refuseMalformed(ctx, request.decoderResult().cause());
            return;
        }
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        HttpExchange exchange;
        try {
            exchange = HttpExchange.parse(ctx.channel(), request, pathBelowContext(uri.rawPath()), uri);
        } catch (IllegalArgumentException malformed) {
            HttpErrors.answer(HttpExchange.unparsed(ctx.channel(), request),
                    NacosException.badRequest("malformed request: " + malformed.getMessage()));
            return;
        }
        if (exchange.path() == null) {
            exchange.observe(HttpExchange.NO_ROUTE, requestLog);
            HttpErrors.answer(exchange, notFound(uri.rawPath()));
            return;
        }
        dispatch(exchange, uri.rawPath());
    }

    /** Runs the exchange's route (on the event loop or the workers, as the route says) or answers why none. */
    void dispatch(HttpExchange exchange, String shownPath) {
        HttpRoutes.Route route = routes.find(exchange);
        exchange.observe(route == null ? HttpExchange.NO_ROUTE : route.path(), requestLog);
        if (route != null) {
            run(route, exchange);
        } else if (routes.hasPath(exchange.path())) {
            HttpErrors.answer(exchange, new NacosException(405, ErrorCode.PARAMETER_VALIDATE_ERROR, "method "
                    + exchange.method() + " is not supported for " + shownPath + " with these parameters"));
        } else {
            HttpErrors.answer(exchange, notFound(shownPath));
        }
    }

    private void run(HttpRoutes.Route route, HttpExchange exchange) {
        for (RouteFilter filter : filters) {
            NacosException refusal = filter.refuse(route, exchange);
            if (refusal != null) {
                HttpErrors.answer(exchange, refusal);
                return;
            }
        }
        if (!route.blocking()) {
            invoke(route, exchange);
            return;
        }
        try {
            workers.execute(() -> invoke(route, exchange));
        } catch (RejectedExecutionException busy) {
            HttpErrors.answer(exchange, new NacosException(NacosException.SERVICE_UNAVAILABLE, ErrorCode.SERVER_ERROR,
                    "server is too busy, retry later"));
        }
    }

    private static void invoke(HttpRoutes.Route route, HttpExchange exchange) {
        try {
            route.handler().handle(exchange);
        } catch (Exception | Error e) {
            HttpErrors.answer(exchange, e);
        }
    }

    /**
     * Answers a request the decoder could not frame (400, or 414/431 for a line or headers over the
     * limit) and closes the connection: the bytes after it cannot be trusted to start a request.
     */
    private static void refuseMalformed(ChannelHandlerContext ctx, Throwable cause) {
        HttpResponseStatus status = cause instanceof TooLongHttpLineException ? HttpResponseStatus.REQUEST_URI_TOO_LONG
                : cause instanceof TooLongHttpHeaderException ? HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE
                : HttpResponseStatus.BAD_REQUEST;
        LOG.debug("refused a malformed HTTP request from {}: {}", ctx.channel().remoteAddress(), cause.toString());
        HttpErrors.answerAndClose(ctx, status, "malformed HTTP request (" + Shown.bounded(String.valueOf(cause.getMessage()))
                + "); nothing was done, and the connection is closed");
    }

    private String pathBelowContext(String path) {
        if (!path.startsWith(contextPath)) {
            return null;
        }
        String below = path.substring(contextPath.length());
        if (below.length() > 1 && below.endsWith("/")) {
            below = below.substring(0, below.length() - 1);
        }
        return below;
    }

    private static NacosException notFound(String path) {
        return new NacosException(NacosException.NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND, "no API at " + path);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("HTTP connection from {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
