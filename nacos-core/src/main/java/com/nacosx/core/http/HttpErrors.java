package com.nacosx.core.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedRuntimeException;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionException;

/**
 * Turns a failure into the answer the official server gives: the status code and, on the 1.x
 * API, a text body {@code caused: <message>;}; on the v2 Open API, its JSON envelope
 * {@code {"code":<detail code>,"message":<its text>,"data":<message>}}.
 */
final class HttpErrors {

    private static final Logger LOG = LoggerFactory.getLogger(HttpErrors.class);

    /** The paths of the official's v2 Open API controllers (those marked {@code @NacosApi}), and all of v3. */
    private static final List<String> OPEN_API_V2 = List.of("/v2/cs/", "/v2/ns/", "/v2/console/namespace",
            "/v2/core/cluster/", "/v3/");

    private HttpErrors() {
    }

    /**
     * Answers on a connection whose next bytes cannot be trusted (a request that could not be
     * framed, or that did not arrive in time), then closes it.
     */
    static void answerAndClose(ChannelHandlerContext ctx, HttpResponseStatus status, String message) {
        byte[] body = ("caused: " + message + ";").getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain;charset=UTF-8")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    static void answer(HttpExchange exchange, Throwable failure) {
        exchange.failed(failure);
        NacosException error = translate(exchange, failure);
        if (isOpenApiV2(exchange.path())) {
            exchange.respondJson(error.status(), ApiResult.failure(error.errorCode(), error.getMessage()));
            return;
        }
        StringBuilder body = new StringBuilder();
        for (Throwable cause = error; cause != null && cause.getMessage() != null; cause = cause.getCause()) {
            body.append("caused: ").append(cause.getMessage()).append(';');
            if (!(cause instanceof NacosException)) {
                break;
            }
        }
        exchange.respondText(error.status(), body.toString());
    }

    private static boolean isOpenApiV2(String path) {
        return path != null && OPEN_API_V2.stream().anyMatch(path::startsWith);
    }

    private static NacosException translate(HttpExchange exchange, Throwable failure) {
        if (failure instanceof NacosException nacos) {
            if (nacos.status() == NacosException.SERVICE_UNAVAILABLE) {
                // Not ready or no leader yet: a state, not a fault, answered to every request until it
                // passes (thousands a second while 1.x clients beat a starting node); the access log
                // has each one.
                LOG.debug("{} {} unavailable: {}", exchange.method(), exchange.path(), nacos.getMessage());
            } else if (nacos.status() >= 500) {
                LOG.error("{} {} failed: [{}] {}", exchange.method(), exchange.path(), nacos.errorCode(),
                        nacos.getMessage(), nacos);
            }
            return nacos;
        }
        if (failure instanceof IllegalArgumentException) {
            return NacosException.badRequest(failure.getMessage());
        }
        if (failure instanceof DataAccessException || failure instanceof TransactionException) {
            LOG.error("{} {}: database access failed", exchange.method(), exchange.path(), failure);
            String cause = ((NestedRuntimeException) failure).getMostSpecificCause().getMessage();
            return new NacosException(500, ErrorCode.DATA_ACCESS_ERROR, "the database is unreachable or failed ("
                    + cause + "); nothing was changed, retry when the database is back");
        }
        LOG.error("{} {} failed", exchange.method(), exchange.path(), failure);
        return new NacosException(500, ErrorCode.SERVER_ERROR, "server error: " + failure
                + "; see logs/nacos.log on the server");
    }
}
