package com.nacosx.faults;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Embedded storage (each node's Derby behind JRaft) under each network fault: nothing acknowledged
 * lost or un-happened, CAS linearizable, ephemeral instances converged within the promise.
 */
class EmbeddedFaultsTest extends FaultScenarios {

    static final FaultStorage STORAGE = FaultStorage.EMBEDDED;

    @BeforeAll
    static void start() throws Exception {
        upOrSkip();
        cluster = FaultCluster.start(STORAGE, 0);
    }

    @AfterAll
    static void stop() {
        tearDown();
    }

    @Test
    void followerCutFromItsPeers() throws Exception {
        assertMinorityBehaviour(check(Fault.CUT_FOLLOWER, STORAGE));
    }

    @Test
    void leaderCutFromItsPeers() throws Exception {
        assertMinorityBehaviour(check(Fault.CUT_LEADER, STORAGE));
    }

    @Test
    void followerCutFromEverything() throws Exception {
        check(Fault.ISOLATE_FOLLOWER, STORAGE);
    }

    @Test
    void leaderStopsHearingAFollower() throws Exception {
        check(Fault.ONE_WAY, STORAGE);
    }

    @Test
    void flappingLink() throws Exception {
        check(Fault.FLAP, STORAGE);
    }

    @Test
    void slowLossyLeader() throws Exception {
        check(Fault.SLOW_LEADER, STORAGE);
    }
}
