package com.nacosx.core.cluster.remote;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.HttpForwardRequest;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpServer;
import com.nacosx.core.remote.AsyncRequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Serves an HTTP request a peer passed on, through this node's own routes, and answers what the
 * route answered. No thread waits for it: a route that runs on the event loop (in-memory, such as
 * an ephemeral register or a beat) is served right there, one that blocks on the HTTP workers,
 * and the answer goes back to the peer when the route gives it.
 */
@Component
public class HttpForwardHandler implements AsyncRequestHandler<HttpForwardRequest> {

    private static final long TIMEOUT_SECONDS = 10;

    private final HttpServer http;

    /**
     * The HTTP server is built from every module's doors, this handler's among them, so it is
     * reached through a lazy proxy; it exists before the cluster port opens to any peer.
     */
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

    private static HttpExchange exchange(HttpForwardRequest request, RequestMeta meta, HttpExchange.Answer answer) {
        String clientIp = request.sourceIp != null || meta == null ? request.sourceIp : meta.clientIp();
        return HttpExchange.passedOn(request.method, request.path, request.params, request.httpHeaders, clientIp,
                answer);
    }

    /**
     * Serves the request through this node's routes, which run it on the event loop or the workers
     * as each route says, and answers when the route has answered, however late: a route that
     * answers from a future (a publish waiting for its commit) is answered with what it did.
     */
    @Override
    public CompletableFuture<Response> handleAsync(HttpForwardRequest request, RequestMeta meta) {
        validate(request, "the passed-on request");
        CompletableFuture<Response> answered = new CompletableFuture<>();
        HttpExchange exchange = exchange(request, meta, (status, contentType, body) -> {
            HttpForwardResponse response = new HttpForwardResponse();
            response.status = status.code();
            response.contentType = contentType.toString();
            response.body = new String(body, StandardCharsets.UTF_8);
            answered.complete(response);
        });
        http.serve(exchange);
        return answered.orTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * Refuses a passed-on request missing what serving it reads, naming it.
     *
     * @param name how the request is named in the refusal
     * @throws NacosException 400
     */
    static void validate(HttpForwardRequest request, String name) {
        if (request == null) {
            throw NacosException.missingParameter(name);
        }
        if (request.method == null || request.path == null) {
            throw NacosException.missingParameter(name + (request.method == null ? ".method" : ".path"));
        }
        if (request.params == null || request.params.entrySet().stream().anyMatch(param -> param.getKey() == null
                || param.getValue() == null || param.getValue().contains(null))) {
            throw NacosException.badRequest(name + ".params must map each parameter's name to its values, none null");
        }
        if (request.httpHeaders == null || request.httpHeaders.containsKey(null)
                || request.httpHeaders.containsValue(null)) {
            throw NacosException.badRequest(name + ".httpHeaders must map each header's name to its value, none null");
        }
    }

    @Override
    public Response failure() {
        return new HttpForwardResponse();
    }
}
