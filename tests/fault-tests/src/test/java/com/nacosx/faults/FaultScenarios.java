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
    static ScenarioResult check(Fault fault, String storage) throws Exception {
        cluster.awaitConverged();
        ScenarioResult result = new ScenarioRun(cluster, fault, FaultReport.hold(), storage).run();
        FaultReport.record(result);
        assertTrue(result.acknowledged() > 0, "the workload got writes acknowledged: " + result.line());
        assertTrue(result.held(), result.line() + "\n" + result.details());
        return result;
    }

    static void assertNoMinorityAcks(ScenarioResult result) {
        assertEquals(0, result.minorityAcks(), "a node cut from the Raft majority acknowledged config writes");
    }
}
