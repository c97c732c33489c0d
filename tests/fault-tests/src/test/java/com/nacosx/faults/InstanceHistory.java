package com.nacosx.faults;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Persistent instances (Raft-replicated) registered and deregistered in turn, each instance by one
 * writer in sequence. After the heal every node must list an instance exactly when its last
 * acknowledged operation registered it, unless a later unacknowledged one may have changed that.
 */
final class InstanceHistory {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One operation: register or deregister, and what the client learned. */
    record Op(boolean register, Outcome outcome) {
    }

    private final String service;
    private final Map<String, List<Op>> ops = new HashMap<>();

    InstanceHistory(String service, List<String> ips) {
        this.service = service;
        ips.forEach(ip -> ops.put(ip, new ArrayList<>()));
    }

    /** The next operation of {@code ip} through {@code node}: a register after a deregister and the other way round. */
    void next(String ip, FaultNode node) {
        boolean register;
        synchronized (this) {
            register = ops.get(ip).size() % 2 == 0;
        }
        Outcome outcome = register ? NodeCalls.registerPersistent(node, service, ip)
                : NodeCalls.deregisterPersistent(node, service, ip);
        synchronized (this) {
            ops.get(ip).add(new Op(register, outcome));
        }
    }

    synchronized int acknowledged() {
        return (int) ops.values().stream().flatMap(List::stream).filter(op -> op.outcome() == Outcome.ACK).count();
    }

    /** The instances a node lists in the wrong state after the heal, as text. */
    synchronized List<String> lostOn(List<FaultNode> nodes) {
        List<String> lost = new ArrayList<>();
        for (FaultNode node : nodes) {
            Set<String> listed = ipsOf(NodeCalls.listInstances(node, service));
            for (Map.Entry<String, List<Op>> entry : ops.entrySet()) {
                List<Op> history = entry.getValue();
                int lastAck = -1;
                for (int i = 0; i < history.size(); i++) {
                    if (history.get(i).outcome() == Outcome.ACK) {
                        lastAck = i;
                    }
                }
                if (lastAck < 0) {
                    continue;
                }
                boolean present = listed.contains(entry.getKey());
                boolean possible = false;
                for (int i = lastAck; i < history.size(); i++) {
                    possible |= history.get(i).register() == present && (i == lastAck || history.get(i).outcome() != Outcome.ACK);
                }
                if (!possible) {
                    lost.add(entry.getKey() + " is " + (present ? "" : "not ") + "listed on node " + node.index()
                            + ", its last acknowledged operation " + (history.get(lastAck).register() ? "registered" : "deregistered") + " it");
                }
            }
        }
        return lost;
    }

    static Set<String> ipsOf(String listing) {
        Set<String> ips = new HashSet<>();
        for (JsonNode host : JSON.readTree(listing).path("hosts")) {
            ips.add(host.get("ip").asString());
        }
        return ips;
    }
}
