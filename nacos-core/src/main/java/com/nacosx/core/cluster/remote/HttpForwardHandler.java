package com.nacosx.core.cluster.remote;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.HttpForwardRequest;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpServer;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Serves an HTTP request a peer passed on, through this node's own routes, and answers what the
 * route answered. A request whose route runs on the event loop (in-memory, such as an ephemeral
 * register or a beat) is served right there; one whose route blocks is served from the workers,
 * which wait for its answer.
 */
@Component
public class HttpForwardHandler implements RequestHandler<HttpForwardRequest> {

    private static final long TIMEOUT_SECONDS = 10;

    private final HttpServer http;

    public HttpForwardHandler(@Lazy HttpServer http) {
        this.http = http;
    }

    @Override
    public Class<HttpForwardRequest> requestType() {
        return HttpForwardRequest.class;
    }

    @Override
    public boolean peersOnly() {
        return true;
    }

    @Override
    public boolean blocking(HttpForwardRequest request) {
        return http.blocks(exchange(request, null, (status, contentType, body) -> { }));
    }

    private static HttpExchange exchange(HttpForwardRequest request, RequestMeta meta, HttpExchange.Answer answer) {
        String clientIp = request.sourceIp != null || meta == null ? request.sourceIp : meta.clientIp();
        return HttpExchange.passedOn(request.method, request.path, request.params, request.httpHeaders, clientIp,
                answer);
    }

    @Override
    public Response handle(HttpForwardRequest request, RequestMeta meta) {
        CompletableFuture<HttpForwardResponse> answered = new CompletableFuture<>();
        HttpExchange exchange = exchange(request, meta, (status, contentType, body) -> {
            HttpForwardResponse response = new HttpForwardResponse();
            response.status = status.code();
            response.contentType = contentType.toString();
            response.body = new String(body, StandardCharsets.UTF_8);
            answered.complete(response);
        });
        boolean blocks = http.blocks(exchange);
        http.serve(exchange);
        if (!blocks && !answered.isDone()) {
            // On the event loop nothing may wait: a route that answers later cannot be passed on.
            throw new IllegalStateException(request.method + " " + request.path
                    + " answers asynchronously and cannot be served for a peer");
        }
        try {
            return answered.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while serving a passed-on request", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the passed-on " + request.method + " " + request.path
                    + " was not answered within " + TIMEOUT_SECONDS + " s", e);
        }
    }

    @Override
    public Response failure() {
        return new HttpForwardResponse();
    }
}
