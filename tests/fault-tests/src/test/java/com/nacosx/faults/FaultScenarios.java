package com.nacosx.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Assumptions;

/** What the scenario tests share: the network made once per class, a scenario run and judged. */
abstract class FaultScenarios {

    static FaultCluster cluster;

    /** Creates the network, or skips the class (saying why) where this machine cannot. */
    static void upOrSkip() {
        String reason = FaultNet.unavailableReason();
        Assumptions.assumeTrue(reason == null, "fault tests skipped: " + reason);
        FaultNet.up();
    }

    static void tearDown() {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
        FaultNet.down();
    }

    /** Runs {@code fault} under the workload and asserts that every promise held. */
    static ScenarioResult check(Fault fault, FaultStorage storage) throws Exception {
        cluster.awaitConverged();
        cluster.awaitLeaderAgreed(storage.raftGroup());
        ScenarioResult result = new ScenarioRun(cluster, fault, fault.holdFor(FaultReport.hold()), storage).run();
        FaultReport.record(result);
        assertTrue(result.acknowledged() > 0, "the workload got writes acknowledged: " + result.line());
        assertTrue(result.held(), result.line() + "\n" + result.details());
        return result;
    }

    /**
     * A node cut from the Raft majority acknowledged no config write, answered every read within
     * the client's timeout with what it has, and marked its answers stale once it knew it was cut
     * off (a report round or two after the cut).
     */
    static void assertMinorityBehaviour(ScenarioResult result) {
        assertEquals(0, result.minorityAcks(), "a node cut from the Raft majority acknowledged config writes");
        ScenarioResult.CutReads reads = result.cutReads();
        assertTrue(reads.sent() > 0, "reads were sent to the cut node");
        assertEquals(reads.sent(), reads.answered(), "the cut node answered every read in time: " + reads);
        assertTrue(reads.markedStale() > 0, "the cut node marked its answers stale: " + reads);
    }
}
