package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.BusyCores;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.ServerProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Servers started on fresh homes while every core is busy with other work, as on a shared host:
 * they take longer, and they all start. On such a host the embedded Derby used to give up while it
 * created its database ("Login timeout exceeded"), and so did all three nodes of a cluster
 * started together.
 */
class BusyMachineStartTest {

    static final Duration BUSY_BOUND = Duration.ofMinutes(10);

    final List<ServerProcess> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(ServerProcess::close);
    }

    @Test
    void threeFreshNodesStartedTogetherOnBusyCoresAllBecomeReady() throws Exception {
        try (BusyCores busy = BusyCores.all(BUSY_BOUND)) {
            // The Raft defaults, not the shorter election timeout other cluster tests use.
            servers.addAll(LocalCluster.start(3));
            LocalCluster.awaitAllUp(servers);
            assertEquals(200, ClusterWorkload.publish(servers.get(1), "started-busy.txt", "all three"));
            for (ServerProcess node : servers) {
                Await.until(3000, () -> "all three".equals(ClusterWorkload.read(node, "started-busy.txt")),
                        "node " + node.port() + " serves the config written through another");
            }
        }
    }

    /**
     * The pool's request-time limit at its minimum (250 ms) is far shorter than creating the
     * database takes on busy cores; start-up must not be bound by it.
     */
    @Test
    void aStandaloneServerCreatesItsDatabaseBeyondThePoolTimeout() throws Exception {
        try (BusyCores busy = BusyCores.all(BUSY_BOUND)) {
            ServerProcess server = ServerProcess.startStandalone("db.pool.config.connectionTimeout=250");
            servers.add(server);
            assertEquals(200, ClusterWorkload.publish(server, "fresh.txt", "created"));
            assertEquals("created", ClusterWorkload.read(server, "fresh.txt"));
            String log = server.log("nacos.log");
            assertTrue(log.contains("opening the embedded Derby at"), "the start says what it waits for");
            assertTrue(log.contains("ready "), "the start says when it is ready");
        }
    }
}
