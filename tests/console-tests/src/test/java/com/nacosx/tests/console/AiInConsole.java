package com.nacosx.tests.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;

/** What the console's MCP and agent steps made, as the v3 admin API serves it. */
final class AiInConsole {

    /** One server as the MCP registry lists it, for the console's import. */
    static final String REGISTRY = "{\"servers\":[{\"server\":{\"name\":\"io.example/search\",\"version\":\"0.3.0\","
            + "\"remotes\":[{\"type\":\"sse\",\"url\":\"http://127.0.0.1:7400/sse\"}]}}]}";

    private AiInConsole() {
    }

    /** The steps' MCP servers and agent, read through {@code node} (on a cluster, another than the console's). */
    static void assertStored(ServerProcess node, String token) {
        String weather = get(node, token, "/v3/admin/ai/mcp", "mcpName", "e2e-weather");
        assertTrue(weather.contains("\"version\":\"1.1.0\"") && weather.contains("\"enabled\":false")
                && weather.contains("\"port\":8931") && weather.contains("get_weather"), weather);
        String imported = get(node, token, "/v3/admin/ai/mcp", "mcpName", "io.example/search");
        assertTrue(imported.contains("\"port\":7400"), imported);
        String agent = get(node, token, "/v3/admin/ai/a2a", "agentName", "e2e-trip");
        assertTrue(agent.contains("\"version\":\"2.0.0\"") && agent.contains("http://127.0.0.1:7002/a2a"), agent);
    }

    private static String get(ServerProcess node, String token, String path, String name, String value) {
        HttpCall call = HttpCall.get(node.baseUrl() + path).param(name, value);
        HttpResponse<String> answer = (token == null ? call : call.header("accessToken", token)).send();
        assertEquals(200, answer.statusCode(), answer.body());
        return answer.body();
    }
}
