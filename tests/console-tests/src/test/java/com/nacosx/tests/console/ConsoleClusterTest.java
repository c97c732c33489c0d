package com.nacosx.tests.console;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.ServerProcess;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The console on a 3-node cluster (auth off: it opens without a login): the cluster page, each
 * node's figures side by side, the languages and plots, and MCP servers and agents made through
 * the first node and served by the last.
 */
class ConsoleClusterTest {

    static List<ServerProcess> nodes;
    static BrowserSteps browser;

    @BeforeAll
    static void start() throws Exception {
        nodes = LocalCluster.start(3);
        LocalCluster.awaitAllUp(nodes);
        browser = new BrowserSteps(nodes.get(0), "cluster");
    }

    @AfterAll
    static void stop() {
        if (nodes != null) {
            nodes.forEach(ServerProcess::close);
        }
    }

    @Test
    void theClusterPageListsEveryNodeUpWithItsFigures() {
        browser.run("clusterNodes", Map.of("nodes", 3));
        browser.run("clusterFigures", Map.of("nodes", 3));
    }

    @Test
    void theConsoleSpeaksChineseAndPlotsOnACluster() {
        browser.run("languages", Map.of());
        browser.run("plots", Map.of());
    }

    @Test
    void mcpServersAndAgentsMadeOnOneNodeAreServedByAnother() throws InterruptedException {
        browser.run("mcpServers", Map.of("mcp", "e2e-weather", "registry", AiInConsole.REGISTRY));
        browser.run("agents", Map.of("agent", "e2e-trip"));
        ServerProcess last = nodes.get(nodes.size() - 1);
        Await.until(5_000, () -> HttpCall.get(last.baseUrl() + "/v3/admin/ai/a2a").param("agentName", "e2e-trip")
                .send().body().contains("\"version\":\"2.0.0\""), "the last node serves the agent's latest version");
        AiInConsole.assertStored(last, null);
    }
}
