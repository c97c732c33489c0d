package com.nacosx.faults;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The plain writes of config keys, each key written by one writer in sequence (publishes of values
 * unique to the key, and now and then a delete), and every read any node answered meanwhile.
 * From it: which writes were lost after the heal, and which un-happened (a node showed a write and
 * later something older, or showed a value nobody wrote).
 */
final class ConfigHistory {

    /** One write of a key: its place in the key's sequence, the content (null: delete), what the client learned, how long it took. */
    record Write(int seq, String content, Outcome outcome, long millis, int node, long startMillis) {
    }

    private final Map<String, List<Write>> writes = new HashMap<>();
    /** What each node showed of each key ("node/key"), in the order it showed it. */
    private final Map<String, List<Integer>> shown = new HashMap<>();
    private int phantoms;

    ConfigHistory(List<String> keys) {
        keys.forEach(key -> writes.put(key, new ArrayList<>()));
    }

    /** Writes the next value of {@code key} through {@code node} (every fifth a delete) and records it. */
    Write writeNext(String key, FaultNode node) {
        int seq;
        synchronized (this) {
            seq = writes.get(key).size();
        }
        boolean delete = seq % 5 == 4;
        String content = delete ? null : key + "#" + seq;
        long startMillis = System.currentTimeMillis();
        long start = System.nanoTime();
        Outcome outcome = delete ? NodeCalls.delete(node, key) : NodeCalls.publish(node, key, content, null);
        Write write = new Write(seq, content, outcome, (System.nanoTime() - start) / 1_000_000, node.index(), startMillis);
        synchronized (this) {
            writes.get(key).add(write);
        }
        return write;
    }

    /** The 99th percentile of the acknowledged writes' latency. */
    synchronized double acknowledgedP99Millis() {
        long[] millis = writes.values().stream().flatMap(List::stream).filter(w -> w.outcome() == Outcome.ACK)
                .mapToLong(Write::millis).sorted().toArray();
        return millis.length == 0 ? 0 : millis[Math.min(millis.length - 1, (int) Math.ceil(millis.length * 0.99) - 1)];
    }

    /** Reads {@code key} from {@code node} and records what it showed, to be judged once the outcomes are known. */
    void read(String key, FaultNode node) {
        String content;
        try {
            content = NodeCalls.readConfig(node, key);
        } catch (RuntimeException noAnswer) {
            return;
        }
        if (content == null) {
            return; // absence matches any delete (or none yet): no order to check
        }
        synchronized (this) {
            int seq = seqOf(key, content);
            if (seq < 0) {
                phantoms++;
                return;
            }
            shown.computeIfAbsent(node.index() + "/" + key, where -> new ArrayList<>()).add(seq);
        }
    }

    private int seqOf(String key, String content) {
        if (!content.startsWith(key + "#")) {
            return -1;
        }
        try {
            int seq = Integer.parseInt(content.substring(key.length() + 1));
            return seq < writes.get(key).size() + 1 ? seq : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    synchronized int acknowledged() {
        return (int) writes.values().stream().flatMap(List::stream).filter(w -> w.outcome() == Outcome.ACK).count();
    }

    /**
     * Values shown that nobody wrote, and writes a node showed and later went back from: showing an
     * older write after a newer one, unless the older one's client got no answer (it may have
     * landed late, as its request may have been on its way all along).
     */
    synchronized int unhappened() {
        int regressions = 0;
        for (Map.Entry<String, List<Integer>> entry : shown.entrySet()) {
            List<Write> history = writes.get(entry.getKey().substring(entry.getKey().indexOf('/') + 1));
            int highest = -1;
            for (int seq : entry.getValue()) {
                if (seq < highest && !(seq < history.size() && history.get(seq).outcome() == Outcome.UNKNOWN)) {
                    regressions++;
                }
                highest = Math.max(highest, seq);
            }
        }
        return phantoms + regressions;
    }

    /**
     * After the heal: for each key and node, whether the node answers the last acknowledged write or
     * a later one. Returns the (key, node) pairs that do not, with what they answer.
     */
    synchronized List<String> lostOn(List<FaultNode> nodes) {
        List<String> lost = new ArrayList<>();
        for (Map.Entry<String, List<Write>> entry : writes.entrySet()) {
            String key = entry.getKey();
            List<Write> history = entry.getValue();
            int lastAck = -1;
            for (Write write : history) {
                if (write.outcome() == Outcome.ACK) {
                    lastAck = write.seq();
                }
            }
            for (FaultNode node : nodes) {
                String content = NodeCalls.readConfig(node, key);
                if (!holds(history, lastAck, content)) {
                    lost.add(key + " on node " + node.index() + " answers " + content + ", last acknowledged #" + lastAck
                            + "; writes " + history.subList(Math.max(0, lastAck - 4), history.size()));
                }
            }
        }
        return lost;
    }

    /**
     * Whether {@code content} may follow the last acknowledged write: it is that write or a later
     * one, or a write whose client got no answer, which may land at any time after it was sent
     * (linearizability's rule for an operation that never completed). A write the server refused
     * must not land after the refusal.
     */
    private static boolean holds(List<Write> history, int lastAck, String content) {
        if (lastAck < 0) {
            return true;
        }
        return history.stream().anyMatch(w -> Objects.equals(w.content(), content)
                && (w.seq() >= lastAck || w.outcome() == Outcome.UNKNOWN));
    }

    /** The first key the nodes answer differently (or one does not answer), empty once they all agree. */
    synchronized Optional<String> firstDifference(List<FaultNode> nodes) {
        for (String key : writes.keySet()) {
            List<String> answers = new ArrayList<>();
            try {
                for (FaultNode node : nodes) {
                    answers.add(NodeCalls.readConfig(node, key));
                }
            } catch (RuntimeException noAnswer) {
                return Optional.of("config " + key + ": " + noAnswer.getMessage());
            }
            if (answers.stream().distinct().count() > 1) {
                return Optional.of("config " + key + " differs between the nodes");
            }
        }
        return Optional.empty();
    }
}
