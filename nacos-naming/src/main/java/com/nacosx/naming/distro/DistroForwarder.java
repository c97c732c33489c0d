package com.nacosx.naming.distro;

import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.remote.HttpForwarder;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.naming.model.ServiceKey;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.Map;

/**
 * In a cluster, a 1.x client may send an instance's writes and beats to any node; each is passed
 * on, as it came, to the instance's responsible node ({@link DistroMapper}) and its answer is
 * relayed. A request that was passed on once is served where it lands, so a membership change
 * cannot bounce it around. One an official 1.x node passed on (it hashes by service name) may take
 * one more hop, to the instance's responsible node among ours: serving it where it lands would
 * split one client's instances between two owners, and the replicas would overwrite each other.
 */
@Component
public class DistroForwarder {

    static final String FORWARDED_HEADER = "Nacos-Distro-Forwarded";

    private final DistroMapper mapper;
    private final HttpForwarder forwarder;

    public DistroForwarder(DistroMapper mapper, HttpForwarder forwarder) {
        this.mapper = mapper;
        this.forwarder = forwarder;
    }

    /**
     * Passes the request on when another node is responsible for {@code ip:port} in {@code service}.
     *
     * @return true when the request was passed on (the answer will follow); false to serve it here
     */
    public boolean forwarded(HttpExchange exchange, ServiceKey service, String ip, int port) {
        Member target = mapper.responsible(service, ip, port);
        if (exchange.header(FORWARDED_HEADER) != null || mapper.isSelf(target)) {
            return false;
        }
        Map<String, String> headers = new HashMap<>();
        headers.put(FORWARDED_HEADER, "true");
        String agent = exchange.header("User-Agent");
        if (agent != null) {
            headers.put("User-Agent", agent);
        }
        forwarder.forward(exchange, target, headers);
        return true;
    }
}
