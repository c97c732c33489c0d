package com.nacosx.core.cluster.remote;

import com.nacosx.api.remote.cluster.HttpForwardRequest;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.http.HttpExchange;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Passes an HTTP request on to a peer over the cluster port (one multiplexed connection per peer,
 * no HTTP client of its own) and relays the peer's answer to the waiting client.
 */
@Component
public class HttpForwarder {

    private static final Logger LOG = LoggerFactory.getLogger(HttpForwarder.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final PeerClients peers;

    public HttpForwarder(PeerClients peers) {
        this.peers = peers;
    }

    /**
     * Asks a peer's HTTP API over the cluster port, for an answer this node puts together from
     * every member's; fails on a transport error or an answer other than 200.
     */
    public CompletableFuture<String> ask(Member peer, String method, String path, Map<String, List<String>> params) {
        HttpForwardRequest request = new HttpForwardRequest();
        request.method = method;
        request.path = path;
        request.params = params;
        return peers.request(peer, request, TIMEOUT).thenApply(answer -> {
            if (answer instanceof HttpForwardResponse relayed && relayed.isSuccess() && relayed.status == 200) {
                return relayed.body;
            }
            throw new IllegalStateException(peer.address() + " answered " + (answer instanceof HttpForwardResponse
                    relayed ? relayed.status + " " + relayed.body : answer.message));
        });
    }

    /** @param headers the headers the peer needs (at least a mark that the request was passed on) */
    public void forward(HttpExchange exchange, Member peer, Map<String, String> headers) {
        HttpForwardRequest request = new HttpForwardRequest();
        request.method = exchange.method();
        request.path = exchange.path();
        request.params = exchange.params();
        request.httpHeaders = headers;
        request.sourceIp = exchange.clientIp();
        peers.request(peer, request, TIMEOUT).whenComplete((answer, error) -> {
            if (error == null && answer instanceof HttpForwardResponse relayed && relayed.isSuccess()) {
                exchange.respond(HttpResponseStatus.valueOf(relayed.status), relayed.contentType,
                        relayed.body.getBytes(StandardCharsets.UTF_8), null);
                return;
            }
            String cause = error != null ? error.toString() : answer.message;
            LOG.warn("[cluster] passing {} {} on to {} failed: {}", exchange.method(), exchange.path(), peer.address(),
                    cause);
            exchange.respondText(503, "caused: the node that serves this request (" + peer.address()
                    + ") did not answer (" + cause + "); retry, the cluster routes around a node that is down;");
        });
    }
}
