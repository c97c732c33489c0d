package com.nacosx.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each node's data directory (Derby and the Raft log) on a 256 MB filesystem, filled while configs
 * are written: writes are refused with a clear error and none acknowledged is lost, reads go on,
 * and once space is freed writes are taken again without a restart. Every node's disk is left with
 * less than the room a write needs (the refusal says so); one follower's is filled to the last
 * byte (its log and database fail under the entries the others commit, and it must catch up).
 */
class DiskFullTest extends FaultScenarios {

    static final int DISK_MEGABYTES = 256;
    static final String PADDING = "x".repeat(8 * 1024);

    @BeforeAll
    static void start() throws Exception {
        upOrSkip();
        cluster = FaultCluster.start(FaultStorage.EMBEDDED, DISK_MEGABYTES);
    }

    @AfterAll
    static void stop() {
        tearDown();
    }

    @Test
    void everyNodesDiskFills() throws Exception {
        fill("every-node", cluster.nodes(), 2L << 20);
    }

    @Test
    void aFollowersDiskFills() throws Exception {
        FaultNode leader = cluster.awaitLeader(FaultStorage.EMBEDDED.raftGroup());
        fill("one-follower", cluster.nodes().stream().filter(node -> node != leader).limit(1).toList(), 0);
    }

    /**
     * Writes 8 KB configs through every node while {@code full}'s disks fill, checks what a client
     * sees meanwhile, frees the space and checks that every acknowledged write is there.
     */
    private static void fill(String name, List<FaultNode> full, long leftFree) throws Exception {
        cluster.awaitConverged();
        List<FaultNode> nodes = cluster.nodes();
        String sentinel = "disk-" + name + "-sentinel";
        assertEquals(Outcome.ACK, NodeCalls.publish(nodes.get(0), sentinel, "kept", null));
        // Acknowledged once a majority has it: a full disk must not take from a node what it had applied.
        for (FaultNode node : nodes) {
            Await.until(30_000, () -> "kept".equals(NodeCalls.readConfig(node, sentinel)),
                    "node " + node.index() + " applied the sentinel before its disk fills");
        }
        Map<FaultNode, Long> pids = new ConcurrentHashMap<>();
        nodes.forEach(node -> pids.put(node, node.processId()));
        full.forEach(node -> node.fillDisk(leftFree));

        Map<String, String> acknowledged = new ConcurrentHashMap<>();
        List<String> unknown = new ArrayList<>();
        AtomicReference<String> refusal = new AtomicReference<>();
        Random random = new Random(11);
        long end = System.nanoTime() + FaultReport.hold().toNanos();
        int refused = 0;
        for (int i = 0; System.nanoTime() < end; i++) {
            String key = "disk-" + name + "-" + i;
            String content = key + PADDING;
            FaultNode node = nodes.get(random.nextInt(nodes.size()));
            NodeCalls.Answer answer = NodeCalls.publishAnswer(node, key, content);
            switch (answer.outcome()) {
                case ACK -> acknowledged.put(key, content);
                case UNKNOWN -> unknown.add(key);
                case REFUSED -> {
                    refused++;
                    refusal.compareAndSet(null, answer.status() + " " + answer.body());
                }
            }
        }
        for (FaultNode node : nodes) {
            assertEquals("kept", NodeCalls.readConfig(node, sentinel), "node " + node.index() + " serves reads while "
                    + name + " is full");
        }
        full.forEach(FaultNode::freeDisk);
        String probe = "disk-" + name + "-after";
        for (FaultNode node : nodes) {
            Await.until(60_000, () -> NodeCalls.publish(node, probe + node.index(), "again", null) == Outcome.ACK,
                    "node " + node.index() + " takes writes again once space is freed");
        }
        for (FaultNode node : nodes) {
            Await.until(60_000, () -> acknowledged.entrySet().stream()
                    .allMatch(e -> e.getValue().equals(NodeCalls.readConfig(node, e.getKey()))),
                    "node " + node.index() + " serves every acknowledged write");
        }
        nodes.forEach(node -> assertEquals(pids.get(node), node.processId(), "node " + node.index() + " was not restarted"));
        ScenarioResult result = new ScenarioResult("embedded/disk-full-" + name, "the data filesystem of "
                + full.size() + " node(s) full; " + refused + " writes refused (first: " + refusal.get() + "), "
                + unknown.size() + " unanswered", acknowledged.size() + 2 * nodes.size(), List.of(), List.of(), List.of(),
                List.of(), List.of(), 0, "", 0, "", 0, 0, 0, ScenarioResult.CutReads.NONE,
                ScenarioResult.Moved.NONE);
        FaultReport.record(result);
        if (full.size() == nodes.size()) {
            assertTrue(refused > 0, "with every disk full some write was refused: " + result.line());
            assertTrue(refusal.get().startsWith("500") && refusal.get().contains("no space left"),
                    "the refusal says the disk is full: " + refusal.get());
        }
    }
}
