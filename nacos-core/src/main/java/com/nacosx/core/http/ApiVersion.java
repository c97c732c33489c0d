package com.nacosx.core.http;

import io.netty.handler.codec.http.HttpResponseStatus;

import java.nio.charset.StandardCharsets;

/**
 * How a route that several API versions serve answers: the 1.x API with bare bodies (the text
 * {@code ok}, or the JSON itself), the v2 Open API and the v3 admin and client APIs with them in
 * the {@link ApiResult} envelope, which both share.
 */
public enum ApiVersion {
    V1 {
        @Override
        public void ok(HttpExchange exchange) {
            exchange.respondText(200, "ok");
        }

        @Override
        public void data(HttpExchange exchange, Object value) {
            exchange.respondJson(value);
        }

        @Override
        public void text(HttpExchange exchange, String value) {
            exchange.respondText(200, value);
        }

        @Override
        public void json(HttpExchange exchange, byte[] json) {
            exchange.respond(HttpResponseStatus.OK, JSON, json, null);
        }
    },
    V2 {
        @Override
        public void ok(HttpExchange exchange) {
            exchange.respondJson(ApiResult.success("ok"));
        }

        @Override
        public void data(HttpExchange exchange, Object value) {
            exchange.respondJson(ApiResult.success(value));
        }

        @Override
        public void text(HttpExchange exchange, String value) {
            data(exchange, value);
        }

        @Override
        public void json(HttpExchange exchange, byte[] json) {
            byte[] wrapped = new byte[SUCCESS_HEAD.length + json.length + 1];
            System.arraycopy(SUCCESS_HEAD, 0, wrapped, 0, SUCCESS_HEAD.length);
            System.arraycopy(json, 0, wrapped, SUCCESS_HEAD.length, json.length);
            wrapped[wrapped.length - 1] = '}';
            exchange.respond(HttpResponseStatus.OK, JSON, wrapped, null);
        }
    };

    private static final String JSON = "application/json;charset=UTF-8";
    private static final byte[] SUCCESS_HEAD = "{\"code\":0,\"message\":\"success\",\"data\":"
            .getBytes(StandardCharsets.UTF_8);

    /** Answers a write that succeeded. */
    public abstract void ok(HttpExchange exchange);

    /** Answers with {@code value} as the data. */
    public abstract void data(HttpExchange exchange, Object value);

    /** Answers a short word ({@code success}, {@code Ok}): plain text on 1.x, the envelope's data after. */
    public abstract void text(HttpExchange exchange, String value);

    /** Answers with data already serialized as JSON (a cached view). */
    public abstract void json(HttpExchange exchange, byte[] json);
}
