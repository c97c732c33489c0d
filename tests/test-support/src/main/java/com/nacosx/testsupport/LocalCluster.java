package com.nacosx.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Several server processes on loopback forming one cluster: separate homes and ports, started together. */
public final class LocalCluster {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private LocalCluster() {
    }

    /**
     * Starts {@code size} nodes in cluster mode, each listing all of them, and returns once each
     * is ready (not yet once they agree on each other: see {@link #awaitAllUp}).
     *
     * @param properties extra {@code key=value} settings for every node
     */
    public static List<ServerProcess> start(int size, String... properties) {
        List<Integer> ports = freePorts(size);
        return startOn(ports, memberOf(ports, properties));
    }

    /** The settings of a node of ours in a cluster listing {@code ports} on 127.0.0.1, then {@code extra}. */
    public static String[] memberOf(List<Integer> ports, String... extra) {
        List<String> settings = new ArrayList<>(List.of("nacos.standalone=false", "nacos.inetutils.ip-address=127.0.0.1",
                "nacos.member.list=" + String.join(",", ports.stream().map(port -> "127.0.0.1:" + port).toList())));
        settings.addAll(List.of(extra));
        return settings.toArray(String[]::new);
    }

    /**
     * The settings of a node of ours in a cluster listing {@code ports} on 127.0.0.1, started to
     * upgrade from official 1.x nodes ({@code nacos.core.support.upgrade.from.1x=true}).
     */
    public static String[] upgradingFrom1x(List<Integer> ports) {
        return memberOf(ports, "nacos.core.support.upgrade.from.1x=true");
    }

    /** Starts a node on each of {@code ports} at once, each in a new home; returns once each is ready. */
    public static List<ServerProcess> startOn(List<Integer> ports, String... settings) {
        return startEach(ports, ports.stream().map(port -> settings).toList());
    }

    /**
     * Starts a node on each of {@code ports} at once, each in a new home with the settings at the
     * same place in {@code settings}; returns once each is ready.
     */
    public static List<ServerProcess> startEach(List<Integer> ports, List<String[]> settings) {
        List<CompletableFuture<ServerProcess>> starting = new ArrayList<>();
        for (int i = 0; i < ports.size(); i++) {
            int port = ports.get(i);
            String[] own = settings.get(i);
            starting.add(CompletableFuture.supplyAsync(() -> ServerProcess.startInNewHome(port, own)));
        }
        return starting.stream().map(CompletableFuture::join).toList();
    }

    /** Main ports for {@code size} nodes on one host: each node also takes P+1000, P+1001 and P-1000. */
    public static List<Integer> freePorts(int size) {
        List<Integer> ports = new ArrayList<>();
        while (ports.size() < size) {
            int port = ServerProcess.freePort();
            if (ports.stream().noneMatch(p -> Math.abs(p - port) <= 1001)) {
                ports.add(port);
            }
        }
        return ports;
    }

    /** The state {@code by} sees {@code seen} in, or ABSENT. */
    public static String stateOf(ServerProcess seen, ServerProcess by) {
        return stateOf(seen.port(), by);
    }

    /** The state {@code by} sees the member on port {@code seen} of 127.0.0.1 in, or ABSENT. */
    public static String stateOf(int seen, ServerProcess by) {
        for (JsonNode member : members(by)) {
            if (member.get("port").asInt() == seen) {
                return member.get("state").asString();
            }
        }
        return "ABSENT";
    }

    /** Whether {@code node} sees {@code size} members, all UP. */
    public static boolean allUp(ServerProcess node, int size) {
        JsonNode members = members(node);
        if (members.size() != size) {
            return false;
        }
        for (JsonNode member : members) {
            if (!"UP".equals(member.get("state").asString())) {
                return false;
            }
        }
        return true;
    }

    /** Waits until every node sees all of them UP, as after a real cluster's start. */
    public static void awaitAllUp(List<ServerProcess> nodes) throws InterruptedException {
        for (ServerProcess node : nodes) {
            Await.until(20_000, () -> allUp(node, nodes.size()), "node " + node.port() + " sees all members UP");
        }
    }

    /**
     * The Raft groups {@code node} describes in its own member metadata (published every second):
     * each group's name to its peers' Raft addresses.
     */
    public static Map<String, List<String>> raftGroups(ServerProcess node) {
        Map<String, List<String>> groups = new TreeMap<>();
        for (JsonNode member : members(node)) {
            if (member.get("address").asString().equals(node.address())) {
                member.path("extendInfo").path("raftMetaData").path("metaDataMap").properties().forEach(group -> {
                    List<String> peers = new ArrayList<>();
                    group.getValue().path("raftGroupMember").forEach(peer -> peers.add(peer.asString()));
                    groups.put(group.getKey(), peers);
                });
            }
        }
        return groups;
    }

    /** What {@code seen} says about itself ({@code extendInfo}), as {@code by} heard it; missing when it is no member. */
    public static JsonNode extendInfo(ServerProcess seen, ServerProcess by) {
        for (JsonNode member : members(by)) {
            if (member.get("address").asString().equals(seen.address())) {
                return member.path("extendInfo");
            }
        }
        return JSON.missingNode();
    }

    /** Asks as a peer would (the server identity of {@link ServerAuth}), so it works with auth on too. */
    private static JsonNode members(ServerProcess node) {
        return JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/core/cluster/nodes")
                .header(ServerAuth.IDENTITY_KEY, ServerAuth.IDENTITY_VALUE).send().body()).get("data");
    }
}
