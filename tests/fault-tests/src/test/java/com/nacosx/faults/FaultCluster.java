package com.nacosx.faults;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Three {@link FaultNode}s, members by their namespace addresses, started together with startup.sh. */
final class FaultCluster implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final List<FaultNode> nodes;

    private FaultCluster(List<FaultNode> nodes) {
        this.nodes = nodes;
    }

    /** Starts three nodes and returns once each is ready and sees all three UP. */
    static FaultCluster start(FaultStorage storage, int diskMegabytes) throws InterruptedException {
        String members = String.join(",", IntStream.rangeClosed(1, 3).mapToObj(n -> FaultNet.ipOf(n) + ":" + FaultNode.PORT)
                .toList());
        List<FaultNode> nodes = IntStream.rangeClosed(1, 3)
                .mapToObj(n -> FaultNode.prepare(n, members, storage, diskMegabytes)).toList();
        FaultCluster cluster = new FaultCluster(nodes);
        nodes.forEach(FaultNode::spawn);
        for (FaultNode node : nodes) {
            node.awaitReady();
        }
        cluster.awaitConverged();
        return cluster;
    }

    /** Every node sees every member UP, and (embedded storage) all agree on one config leader. */
    void awaitConverged() throws InterruptedException {
        for (FaultNode node : nodes) {
            Await.until(60_000, () -> allUp(node), "node " + node.index() + " sees all three members UP");
        }
    }

    private static boolean allUp(FaultNode node) {
        try {
            JsonNode members = JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/core/cluster/nodes").send().body()).get("data");
            if (members.size() != 3) {
                return false;
            }
            for (JsonNode member : members) {
                if (!"UP".equals(member.get("state").asString())) {
                    return false;
                }
            }
            return true;
        } catch (RuntimeException unreachable) {
            return false;
        }
    }

    /** The node that {@code asked} says leads {@code group}, if it knows one. */
    Optional<FaultNode> leaderOf(String group, FaultNode asked) {
        try {
            JsonNode groups = JSON.readTree(HttpCall.get(asked.baseUrl() + "/v1/core/raft").send().body()).get("data");
            for (JsonNode status : groups) {
                if (group.equals(status.get("group").asString())) {
                    String leader = status.path("leader").asString("");
                    return nodes.stream().filter(node -> node.raftAddress().equals(leader)).findFirst();
                }
            }
        } catch (RuntimeException unreachable) {
            // no answer: no leader known through this node
        }
        return Optional.empty();
    }

    /**
     * Every node names the same leader of {@code group}: a scenario starts on a settled cluster, not
     * while the previous one's leader changes are still under way (the node it means to cut as a
     * follower could be about to lead).
     */
    void awaitLeaderAgreed(String group) throws InterruptedException {
        Await.until(60_000, () -> {
            List<Optional<FaultNode>> named = nodes.stream().map(node -> leaderOf(group, node)).toList();
            return named.get(0).isPresent() && named.stream().allMatch(named.get(0)::equals);
        }, "every node names the same leader of " + group);
    }

    /** The leader of {@code group} as the first node that knows one says. */
    FaultNode awaitLeader(String group) throws InterruptedException {
        FaultNode[] leader = new FaultNode[1];
        Await.until(30_000, () -> nodes.stream().map(node -> leaderOf(group, node)).flatMap(Optional::stream).findFirst()
                .map(found -> leader[0] = found).isPresent(), "a leader of " + group);
        return leader[0];
    }

    /** The term {@code node} is in for {@code group} (leader changes show as term changes), -1 unreachable. */
    long termOf(String group, FaultNode node) {
        try {
            JsonNode groups = JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/core/raft").send().body()).get("data");
            for (JsonNode status : groups) {
                if (group.equals(status.get("group").asString())) {
                    return status.path("term").asLong(-1);
                }
            }
        } catch (RuntimeException unreachable) {
            return -1;
        }
        return -1;
    }

    List<FaultNode> nodes() {
        return nodes;
    }

    FaultNode node(int index) {
        return nodes.get(index - 1);
    }

    /** Stops the nodes and keeps their logs beside the report (the homes are temporary). */
    @Override
    public void close() {
        CompletableFuture.allOf(nodes.stream().map(node -> CompletableFuture.runAsync(node::stop))
                .toArray(CompletableFuture[]::new)).join();
        Path kept = FaultReport.nodeLogs();
        nodes.forEach(node -> node.keepLogs(kept.resolve("node" + node.index())));
    }
}
