package com.nacosx.core.cluster.remote;

import com.nacosx.api.remote.cluster.HttpForwardRequest;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.QueryStrings;
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
 * no HTTP client of its own; many requests to a call under load, {@link ForwardBatches}) and
 * relays the peer's answer to the waiting client; or, for a request this node answered itself,
 * passes it on a moment later with others ({@link #forwardAnswered}). An official 1.x peer has no
 * cluster port: it gets the request over HTTP, every parameter in the query string (where 1.x reads
 * the service's name when it passes a request on itself).
 */
@Component
public class HttpForwarder {

    private static final Logger LOG = LoggerFactory.getLogger(HttpForwarder.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final PeerClients peers;
    private final ForwardBatches batches;
    private final DeferredForwards deferred;
    private final LegacyPeerHttp legacyPeers;
    private final ServerMemberManager members;

    HttpForwarder(PeerClients peers, DeferredForwards deferred, LegacyPeerHttp legacyPeers,
            ServerMemberManager members) {
        this.peers = peers;
        this.batches = new ForwardBatches(peers, TIMEOUT);
        this.deferred = deferred;
        this.legacyPeers = legacyPeers;
        this.members = members;
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

    /**
     * Passes the request on and relays the peer's answer; when the peer does not serve it (it does
     * not answer, or answers 5xx: it refuses as it stops, or an official 1.x node failed to pass it
     * on again to a member that is gone), {@code serveHere} answers it instead.
     *
     * @param headers the headers the peer needs (at least a mark that the request was passed on)
     */
    public void forward(HttpExchange exchange, Member peer, Map<String, String> headers, Runnable serveHere) {
        if (peer.isLegacy()) {
            forwardOverHttp(exchange, peer, headers, serveHere);
            return;
        }
        batches.send(peer, passedOn(exchange, headers)).whenComplete((relayed, error) -> {
            if (error != null || !relayed.isSuccess()) {
                unanswered(exchange, peer, error != null ? error.toString() : relayed.message, serveHere);
            } else if (relayed.status >= 500) {
                unanswered(exchange, peer, "answered " + relayed.status + " " + relayed.body, serveHere);
            } else {
                exchange.respond(HttpResponseStatus.valueOf(relayed.status), relayed.contentType,
                        relayed.body.getBytes(StandardCharsets.UTF_8), null);
            }
        });
    }

    /**
     * Passes on a request this node has answered itself, for the peer to serve too, with the
     * others queued for it ({@link DeferredForwards}): within a tenth of a second, its answer unread.
     *
     * @throws IllegalArgumentException for an official 1.x peer, which has no cluster port
     */
    public void forwardAnswered(HttpExchange exchange, Member peer, Map<String, String> headers) {
        if (peer.isLegacy()) {
            throw new IllegalArgumentException(peer.address() + " is an official 1.x node: pass requests on to it"
                    + " with forward, which waits for its answer");
        }
        deferred.send(peer, passedOn(exchange, headers));
    }

    private static HttpForwardRequest passedOn(HttpExchange exchange, Map<String, String> headers) {
        HttpForwardRequest request = new HttpForwardRequest();
        request.method = exchange.method();
        request.path = exchange.path();
        request.params = exchange.params();
        request.httpHeaders = headers;
        request.sourceIp = exchange.clientIp();
        return request;
    }

    private void forwardOverHttp(HttpExchange exchange, Member peer, Map<String, String> headers,
            Runnable serveHere) {
        String pathAndQuery = exchange.path() + '?' + QueryStrings.of(exchange.params());
        legacyPeers.send(peer, exchange.method(), pathAndQuery, headers, null, TIMEOUT).whenComplete((answer, error) -> {
            if (error != null) {
                unanswered(exchange, peer, error.toString(), serveHere);
                return;
            }
            if (answer.statusCode() >= 500) {
                unanswered(exchange, peer, "answered " + answer.statusCode() + " " + answer.body(), serveHere);
                return;
            }
            exchange.respond(HttpResponseStatus.valueOf(answer.statusCode()),
                    answer.headers().firstValue("Content-Type").orElse("text/plain;charset=UTF-8"),
                    answer.body().getBytes(StandardCharsets.UTF_8), null);
        });
    }

    /**
     * The peer may have stopped: it is checked at once, so the requests after this one go elsewhere,
     * and this one is served here.
     */
    private void unanswered(HttpExchange exchange, Member peer, String cause, Runnable serveHere) {
        members.checkNow(peer);
        LOG.warn("[cluster] passing {} {} on to {} failed, served here: {}", exchange.method(), exchange.path(),
                peer.address(), cause);
        try {
            serveHere.run();
        } catch (RuntimeException refused) {
            exchange.fail(refused);
        }
    }
}
