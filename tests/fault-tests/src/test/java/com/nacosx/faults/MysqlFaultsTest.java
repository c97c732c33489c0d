package com.nacosx.faults;

import com.nacosx.testsupport.MariaDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The nodes share one MariaDB on the bridge (configs in it; persistent instances still through
 * JRaft): a node cut from its peers, and a node cut from the database.
 */
class MysqlFaultsTest extends FaultScenarios {

    static final FaultStorage STORAGE = FaultStorage.MYSQL;

    @BeforeAll
    static void start() throws Exception {
        upOrSkip();
        MariaDb.reset();
        MariaDb.createSchema();
        cluster = FaultCluster.start(STORAGE, 0);
    }

    @AfterAll
    static void stop() {
        tearDown();
        MariaDb.stop();
    }

    @Test
    void followerCutFromItsPeers() throws Exception {
        check(Fault.CUT_FOLLOWER, STORAGE);
    }

    @Test
    void followerCutFromTheDatabase() throws Exception {
        check(Fault.CUT_DATABASE, STORAGE);
    }
}
