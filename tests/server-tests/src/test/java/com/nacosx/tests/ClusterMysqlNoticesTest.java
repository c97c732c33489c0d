package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.CuttableTcpProxy;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.MariaDb;
import com.nacosx.testsupport.ServerProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The change notices between two real nodes sharing a real MariaDB, with the full sync an hour
 * away so that only the notices can bring a node up to date: node B reaches the database through
 * a proxy the test cuts.
 */
class ClusterMysqlNoticesTest {

    /** Longer than the three tries over about 12 s that a notice used to get before it was dropped. */
    static final long CUT_HELD_MILLIS = 15_000;

    static CuttableTcpProxy databaseOfB;
    static ServerProcess a;
    static ServerProcess b;

    @BeforeAll
    static void start() throws Exception {
        MariaDb.reset();
        MariaDb.createSchema();
        databaseOfB = CuttableTcpProxy.to(MariaDb.HOST, MariaDb.PORT);
        List<Integer> ports = LocalCluster.freePorts(2);
        CompletableFuture<ServerProcess> startingA = CompletableFuture.supplyAsync(() -> ServerProcess.startInNewHome(
                ports.get(0), settings(ports, MariaDb.serverProperties())));
        CompletableFuture<ServerProcess> startingB = CompletableFuture.supplyAsync(() -> ServerProcess.startInNewHome(
                ports.get(1), settings(ports, MariaDb.serverPropertiesVia("127.0.0.1", databaseOfB.port()))));
        a = startingA.join();
        b = startingB.join();
        for (ServerProcess node : List.of(a, b)) {
            Await.until(15_000, () -> LocalCluster.allUp(node, 2), "node " + node.port() + " sees both members UP");
        }
    }

    static String[] settings(List<Integer> ports, String[] database) {
        List<String> settings = new ArrayList<>(List.of(database));
        settings.add("nacos.config.cluster.full-sync-interval=1h");
        return LocalCluster.memberOf(ports, settings.toArray(String[]::new));
    }

    @AfterAll
    static void stop() {
        for (ServerProcess node : new ServerProcess[] {a, b}) {
            if (node != null) {
                node.close();
            }
        }
        if (databaseOfB != null) {
            databaseOfB.close();
        }
        MariaDb.stop();
    }

    @Test
    void aChangeMissedWhileCutFromTheDatabaseReachesTheNodeOnceItIsBack() throws Exception {
        assertEquals(200, ClusterWorkload.publish(a, "missed.txt", "before"));
        Await.until(5000, () -> "before".equals(ClusterWorkload.read(b, "missed.txt")), "B serves the first version");
        databaseOfB.cut();
        try {
            assertEquals(200, ClusterWorkload.publish(a, "missed.txt", "after"));
            Await.until(15_000, () -> a.log("config-server.log").contains("did not take the change of"),
                    "A finds that B, cut from the database, could not take the notice");
            Thread.sleep(CUT_HELD_MILLIS);
            assertEquals("before", ClusterWorkload.read(b, "missed.txt"), "B, cut off, serves what it had");
        } finally {
            databaseOfB.heal();
        }
        Await.until(10_000, () -> "after".equals(ClusterWorkload.read(b, "missed.txt")),
                "B serves the change it missed without waiting for the full sync");
        Await.until(10_000, () -> a.log("config-server.log").contains("took every change it had missed"),
                "A stops sending it");
    }

    /**
     * A deletes a config it has not seen created (its notice has not reached A yet): A's cache does
     * not change, yet B, which serves the config, must drop it.
     */
    @Test
    void aDeleteOfAConfigTheNodeHadNotSeenYetReachesThePeerServingIt() throws Exception {
        ClusterWorkload.createInStore("unseen.txt", "created elsewhere");
        assertEquals(200, HttpCall.post(b.baseUrl() + "/v1/cs/ops/localCache").send().statusCode());
        assertEquals("created elsewhere", ClusterWorkload.read(b, "unseen.txt"));
        assertEquals(404, HttpCall.get(a.baseUrl() + "/v1/cs/configs").param("dataId", "unseen.txt")
                .param("group", "DEFAULT_GROUP").send().statusCode(), "A has not seen it");
        assertEquals(200, HttpCall.delete(a.baseUrl() + "/v1/cs/configs").param("dataId", "unseen.txt")
                .param("group", "DEFAULT_GROUP").send().statusCode());
        Await.until(10_000, () -> HttpCall.get(b.baseUrl() + "/v1/cs/configs").param("dataId", "unseen.txt")
                .param("group", "DEFAULT_GROUP").send().statusCode() == 404, "B no longer serves the deleted config");
    }
}
