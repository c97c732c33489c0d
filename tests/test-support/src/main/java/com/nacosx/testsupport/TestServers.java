package com.nacosx.testsupport;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The server an official client's tests talk to: a standalone node, or, with
 * {@code -Dnacosx.test.cluster=3}, the first node of a cluster of three on embedded storage. In a
 * cluster the client talks to that node alone while the others own part of its data: a 1.x
 * instance lives on the node its address hashes to, and a config is written through the Raft
 * leader. A scenario that passes standalone must pass on a cluster too.
 */
public final class TestServers {

    public static final String CLUSTER_SIZE = "nacosx.test.cluster";
    private static final Map<ServerProcess, List<ServerProcess>> PEERS = new ConcurrentHashMap<>();

    private TestServers() {
    }

    /** How many nodes {@link #start} starts. */
    public static int size() {
        return Integer.getInteger(CLUSTER_SIZE, 1);
    }

    /**
     * Starts the server, or the cluster and returns its first node once every node sees all of
     * them UP.
     *
     * @param properties extra {@code key=value} settings for every node
     */
    public static ServerProcess start(String... properties) throws InterruptedException {
        if (size() <= 1) {
            return ServerProcess.startStandalone(properties);
        }
        List<ServerProcess> nodes = LocalCluster.start(size(), properties);
        LocalCluster.awaitAllUp(nodes);
        PEERS.put(nodes.get(0), nodes.subList(1, nodes.size()));
        return nodes.get(0);
    }

    /** Every node of the server's cluster, the server first; the server alone when standalone. */
    public static List<ServerProcess> nodesOf(ServerProcess server) {
        List<ServerProcess> peers = PEERS.getOrDefault(server, List.of());
        return Stream.concat(Stream.of(server), peers.stream()).toList();
    }

    /**
     * The node "elsewhere" changes go through: on a cluster the last, another node than the one
     * the client talks to; the server itself when standalone.
     */
    public static ServerProcess elsewhere(ServerProcess server) {
        List<ServerProcess> nodes = nodesOf(server);
        return nodes.get(nodes.size() - 1);
    }

    /** Stops the server and the rest of its cluster. */
    public static void stop(ServerProcess server) {
        nodesOf(server).forEach(ServerProcess::close);
        PEERS.remove(server);
    }
}
