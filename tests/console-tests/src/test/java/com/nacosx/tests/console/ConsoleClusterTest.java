package com.nacosx.tests.console;

import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.ServerProcess;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The cluster page of a 3-node cluster (auth off: the console opens without a login). */
class ConsoleClusterTest {

    static List<ServerProcess> nodes;

    @BeforeAll
    static void start() throws Exception {
        nodes = LocalCluster.start(3);
        LocalCluster.awaitAllUp(nodes);
    }

    @AfterAll
    static void stop() {
        if (nodes != null) {
            nodes.forEach(ServerProcess::close);
        }
    }

    @Test
    void theClusterPageListsEveryNodeUp() {
        new BrowserSteps(nodes.get(0)).run("clusterNodes", Map.of("nodes", 3));
    }
}
