package com.nacosx.faults;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Persistent instances (Raft-replicated) registered and deregistered in turn, each instance by one
 * writer in sequence. After the heal every node must list an instance exactly when its last
 * acknowledged operation registered it, unless an operation whose client got no answer did the
 * opposite: that one may land at any time after it was sent (linearizability's rule for an operation
 * that never completed), even after operations acknowledged since. A cut node receives a request its
 * client gave up on once the cut heals, TCP having retransmitted it all along. An operation the server
 * refused must never land.
 */
final class InstanceHistory {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One operation: register or deregister, through which node, when, and what the client learned. */
    record Op(boolean register, int node, long startMillis, long millis, Outcome outcome) {
        @Override
        public String toString() {
            return (register ? "register" : "deregister") + " via " + node + " at " + startMillis % 100_000 + " ("
                    + millis + " ms): " + outcome;
        }
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
        long startMillis = System.currentTimeMillis();
        long start = System.nanoTime();
        Outcome outcome = register ? NodeCalls.registerPersistent(node, service, ip)
                : NodeCalls.deregisterPersistent(node, service, ip);
        Op op = new Op(register, node.index(), startMillis, (System.nanoTime() - start) / 1_000_000, outcome);
        synchronized (this) {
            ops.get(ip).add(op);
        }
    }

    synchronized int acknowledged() {
        return (int) ops.values().stream().flatMap(List::stream).filter(op -> op.outcome() == Outcome.ACK).count();
    }

    /**
     * The instances a node lists in the wrong state after the heal, as text, and the nodes' lists
     * if they still differ (after the convergence promise: {@link #firstDifference} waited for them).
     */
    synchronized List<String> lostOn(List<FaultNode> nodes) {
        Map<Integer, Set<String>> listings = listings(nodes);
        List<String> lost = new ArrayList<>();
        listings.forEach((node, listed) -> {
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
                boolean possible = history.get(lastAck).register() == present || history.stream()
                        .anyMatch(op -> op.outcome() == Outcome.UNKNOWN && op.register() == present);
                if (!possible) {
                    lost.add(entry.getKey() + " is " + (present ? "" : "not ") + "listed on node " + node
                            + ", its last acknowledged operation " + (history.get(lastAck).register() ? "registered" : "deregistered") + " it; "
                            + "the last operations " + history.subList(Math.max(0, history.size() - 4), history.size()));
                }
            }
        });
        difference(listings).ifPresent(difference -> lost.add(difference + " after the convergence promise"));
        return lost;
    }

    /** Empty once every node lists the same instances, else which node differs (or does not answer). */
    Optional<String> firstDifference(List<FaultNode> nodes) {
        try {
            return difference(listings(nodes));
        } catch (RuntimeException noAnswer) {
            return Optional.of("persistent instances: " + noAnswer.getMessage());
        }
    }

    /** What each node lists, by the node's index in the order of {@code nodes}; throws when one does not answer. */
    private Map<Integer, Set<String>> listings(List<FaultNode> nodes) {
        Map<Integer, Set<String>> listings = new LinkedHashMap<>();
        for (FaultNode node : nodes) {
            listings.put(node.index(), ipsOf(NodeCalls.listInstances(node, service)));
        }
        return listings;
    }

    private static Optional<String> difference(Map<Integer, Set<String>> listings) {
        return listings.values().stream().distinct().count() > 1
                ? Optional.of("persistent instances differ: " + listings)
                : Optional.empty();
    }

    static Set<String> ipsOf(String listing) {
        Set<String> ips = new HashSet<>();
        for (JsonNode host : JSON.readTree(listing).path("hosts")) {
            ips.add(host.get("ip").asString());
        }
        return ips;
    }
}
