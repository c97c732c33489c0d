package com.nacosx.faults;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Compare-and-set publishes of a few keys by several contenders at once, each reading the current
 * content from some node and publishing a new unique value with the read content's md5. Linearizable
 * means the successful ones form one chain from the first value: no two succeed from the same
 * content, and each starts from the content the one before it wrote.
 */
final class CasHistory {

    static final String INITIAL = "initial";

    /** One CAS publish: the content it expected, the one it wrote, what the client learned. */
    record Cas(String expected, String written, Outcome outcome) {
    }

    private final Map<String, List<Cas>> attempts = new HashMap<>();
    private final AtomicInteger counter = new AtomicInteger();

    CasHistory(List<String> keys) {
        keys.forEach(key -> attempts.put(key, new ArrayList<>()));
    }

    /** Creates each key with {@link #INITIAL} before the run (a plain publish, retried until acknowledged). */
    void create(List<FaultNode> nodes) throws InterruptedException {
        for (String key : attempts.keySet()) {
            while (NodeCalls.publish(nodes.get(0), key, INITIAL, null) != Outcome.ACK) {
                Thread.sleep(500);
            }
        }
    }

    /** One contender's step: read {@code key} from {@code readFrom}, CAS a new value through {@code writeTo}. */
    void attempt(String key, FaultNode readFrom, FaultNode writeTo) {
        String current;
        try {
            current = NodeCalls.readConfig(readFrom, key);
        } catch (RuntimeException noAnswer) {
            return;
        }
        if (current == null) {
            return;
        }
        String next = key + "@" + counter.incrementAndGet();
        Outcome outcome = NodeCalls.publish(writeTo, key, next, md5(current));
        synchronized (this) {
            attempts.get(key).add(new Cas(current, next, outcome));
        }
    }

    synchronized int acknowledged() {
        return (int) attempts.values().stream().flatMap(List::stream).filter(c -> c.outcome() == Outcome.ACK).count();
    }

    /**
     * The violations: successes that share the content they started from with another success, or
     * that are not on the chain from {@link #INITIAL}; and a node whose content after the heal is
     * neither the chain's end nor a later, unanswered CAS from it. The chain may pass through a CAS
     * whose client got no answer (it may have happened: a success started from what it wrote),
     * never through one the server refused.
     */
    synchronized List<String> violations(List<FaultNode> nodes) {
        List<String> violations = new ArrayList<>();
        for (Map.Entry<String, List<Cas>> entry : attempts.entrySet()) {
            String key = entry.getKey();
            List<Cas> all = entry.getValue();
            Map<String, List<Cas>> from = new HashMap<>();
            all.forEach(cas -> from.computeIfAbsent(cas.expected(), expected -> new ArrayList<>()).add(cas));
            long successes = all.stream().filter(cas -> cas.outcome() == Outcome.ACK).count();
            String end = INITIAL;
            int onChain = 0;
            Set<String> visited = new HashSet<>();
            while (visited.add(end)) {
                List<Cas> next = from.getOrDefault(end, List.of());
                List<Cas> acked = next.stream().filter(cas -> cas.outcome() == Outcome.ACK).toList();
                if (acked.size() > 1) {
                    violations.add(key + ": " + acked.size() + " CAS publishes succeeded from " + end);
                }
                if (!acked.isEmpty()) {
                    end = acked.get(0).written();
                    onChain++;
                    continue;
                }
                Cas landed = next.stream().filter(cas -> cas.outcome() == Outcome.UNKNOWN
                        && leadsToSuccess(from, cas.written(), new HashSet<>())).findFirst().orElse(null);
                if (landed == null) {
                    break;
                }
                end = landed.written();
            }
            all.stream().filter(cas -> cas.outcome() == Outcome.REFUSED && from.containsKey(cas.written()))
                    .forEach(cas -> violations.add(key + ": " + cas.written() + " was refused, yet a client read it"));
            if (onChain != successes) {
                violations.add(key + ": " + (successes - onChain) + " of " + successes
                        + " successful CAS publishes are not on the chain from " + INITIAL);
            }
            for (FaultNode node : nodes) {
                String content = NodeCalls.readConfig(node, key);
                if (!reachableUnacknowledged(all, end, content)) {
                    violations.add(key + " on node " + node.index() + " answers " + content + ", the chain ends at " + end);
                }
            }
        }
        return violations;
    }

    /** Whether a success started from {@code content}, or from what unanswered CAS publishes wrote after it. */
    private static boolean leadsToSuccess(Map<String, List<Cas>> from, String content, Set<String> visited) {
        if (!visited.add(content)) {
            return false;
        }
        for (Cas cas : from.getOrDefault(content, List.of())) {
            if (cas.outcome() == Outcome.ACK
                    || cas.outcome() == Outcome.UNKNOWN && leadsToSuccess(from, cas.written(), visited)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code content} is {@code end} or follows from it through unanswered CAS publishes. */
    private static boolean reachableUnacknowledged(List<Cas> attempts, String end, String content) {
        Set<String> reachable = new HashSet<>(Set.of(end));
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Cas cas : attempts) {
                if (cas.outcome() == Outcome.UNKNOWN && reachable.contains(cas.expected())) {
                    grew |= reachable.add(cas.written());
                }
            }
        }
        return reachable.contains(content);
    }

    static String md5(String content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(content.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
