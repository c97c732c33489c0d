package com.nacosx.naming.distro;

import com.nacosx.api.exception.NacosException;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.remote.HttpForwarder;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.naming.model.ServiceKey;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.util.AsciiString;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * In a cluster, a 1.x client may send an instance's writes and beats to any node; each is passed
 * on, as it came, to the instance's responsible node ({@link DistroMapper}) and its answer is
 * relayed, except a beat this node can answer from its copy of the instance, which it answers and
 * passes on after ({@link #passOnAnswered}). A request that was passed on once is served where it
 * lands, so a membership change cannot bounce it around. One an official 1.x node passed on (it
 * hashes by service name) may take one more hop, to the instance's responsible node among ours:
 * serving it where it lands would split one client's instances between two owners, and the
 * replicas would overwrite each other.
 * <p>
 * Every request passed on carries the moment it arrived here ({@link #RECEIVED_AT_HEADER}): a beat
 * answered here reaches the responsible node a moment later, and may arrive after a deregister the
 * client sent once it had its answer; the responsible node does not let such a beat register the
 * instance again ({@link #sentAt}).
 */
@Component
public class DistroForwarder {

    static final AsciiString FORWARDED_HEADER = AsciiString.cached("Nacos-Distro-Forwarded");
    static final AsciiString RECEIVED_AT_HEADER = AsciiString.cached("Nacos-Distro-Received-At");

    private final DistroMapper mapper;
    private final HttpForwarder forwarder;

    public DistroForwarder(DistroMapper mapper, HttpForwarder forwarder) {
        this.mapper = mapper;
        this.forwarder = forwarder;
    }

    /**
     * Serves a write of the instance {@code ip:port} in {@code service} here, or, when it is
     * ephemeral and another node is responsible for it, passes it on to that node and relays its
     * answer; a write that node does not serve is served here ({@link #passOnOrServe}).
     */
    public void serveOrPassOn(HttpExchange exchange, ServiceKey service, String ip, int port, boolean ephemeral,
            Runnable serve) {
        Member target = ephemeral ? passOnTo(exchange, service, ip, port) : null;
        if (target == null) {
            serve.run();
            return;
        }
        passOnOrServe(exchange, target, serve);
    }

    /**
     * The node responsible for a client's beat, or null to serve it here. While this node warms up
     * ({@link DistroMapper}), a beat another node serves is taken only as often as the part of its
     * share this node has taken, and otherwise refused 503, which sends the 1.x client on to its
     * next server at once: a restarted node's JVM is slow on every path it has not compiled yet.
     *
     * @throws NacosException 503 when the beat is sent elsewhere
     */
    public Member beatResponsible(HttpExchange exchange, ServiceKey service, String ip, int port) {
        Member target = passOnTo(exchange, service, ip, port);
        if (target == null) {
            return null;
        }
        double taken = mapper.selfTaken();
        if (taken < 1 && !exchange.isFromServer() && ThreadLocalRandom.current().nextDouble() >= taken) {
            throw NacosException.unavailable("server is WARMING UP now (" + Math.round(taken * 100) + "% of its "
                    + "share taken), please try again later; another server of the cluster can serve this beat");
        }
        return target;
    }

    /**
     * Passes on a beat this node answered from its copy of the instance: the responsible node
     * gets it with others a moment later ({@link HttpForwarder#forwardAnswered}), and the client
     * does not wait for a call between two nodes. Passed on one by one and waited for, beats cost
     * each node of a loaded cluster a fifth of a core in calls, and the clients of a node that had
     * just started waited up to 1.4 s for the first (bench/RESULTS.md).
     *
     * @throws IllegalArgumentException for an official 1.x node, which answers its beats itself
     *                                  ({@link #passOnOrServe})
     */
    public void passOnAnswered(HttpExchange exchange, Member target) {
        forwarder.forwardAnswered(exchange, target, passedOnHeaders(exchange));
    }

    /**
     * When the client sent the request, as near as this node can tell ({@link ChangeClock}): when
     * the node that passed it on received it, or now.
     */
    public long sentAt(HttpExchange exchange) {
        String received = exchange.header(RECEIVED_AT_HEADER);
        if (received != null && exchange.isPassedOn()) {
            try {
                return Long.parseLong(received);
            } catch (NumberFormatException unreadable) {
                // Not from a node of ours: taken as arrived now.
            }
        }
        return ChangeClock.now();
    }

    /** The node to pass the request on to, or null to serve it here. */
    private Member passOnTo(HttpExchange exchange, ServiceKey service, String ip, int port) {
        Member target = mapper.responsible(service, ip, port);
        return exchange.header(FORWARDED_HEADER) != null || mapper.isSelf(target) ? null : target;
    }

    /**
     * Passes the request on to {@code target} and relays its answer; when {@code target} does not
     * serve it (it stopped, and its peers have not seen it yet; or it refuses as it stops or
     * starts), {@code serveHere} answers it. A 1.x client tries its next server when one fails: if
     * every node passed a beat on to the one node that is gone, each would fail it, and the client
     * would have no server left.
     */
    public void passOnOrServe(HttpExchange exchange, Member target, Runnable serveHere) {
        forwarder.forward(exchange, target, passedOnHeaders(exchange), serveHere);
    }

    private static Map<String, String> passedOnHeaders(HttpExchange exchange) {
        Map<String, String> headers = new HashMap<>();
        headers.put(FORWARDED_HEADER.toString(), "true");
        headers.put(RECEIVED_AT_HEADER.toString(), Long.toString(ChangeClock.now()));
        String agent = exchange.header(HttpHeaderNames.USER_AGENT);
        if (agent != null) {
            headers.put(HttpHeaderNames.USER_AGENT.toString(), agent);
        }
        return headers;
    }
}
