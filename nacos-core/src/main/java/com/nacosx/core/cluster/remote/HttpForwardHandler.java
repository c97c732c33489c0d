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
 * route answered. Blocking: the route may run on the HTTP workers, and this waits for it.
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
    public Response handle(HttpForwardRequest request, RequestMeta meta) {
        CompletableFuture<HttpForwardResponse> answered = new CompletableFuture<>();
        http.serve(HttpExchange.passedOn(request.method, request.path, request.params, request.httpHeaders,
                request.sourceIp != null ? request.sourceIp : meta.clientIp(), (status, contentType, body) -> {
                    HttpForwardResponse response = new HttpForwardResponse();
                    response.status = status.code();
                    response.contentType = contentType.toString();
                    response.body = new String(body, StandardCharsets.UTF_8);
                    answered.complete(response);
                }));
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
    public boolean blocking() {
        return true;
    }

    @Override
    public Response failure() {
        return new HttpForwardResponse();
    }
}
