package com.nacosx.tests.client3x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.ai.AiFactory;
import com.alibaba.nacos.api.ai.AiService;
import com.alibaba.nacos.api.ai.listener.AbstractNacosAgentCardListener;
import com.alibaba.nacos.api.ai.listener.AbstractNacosMcpServerListener;
import com.alibaba.nacos.api.ai.listener.NacosAgentCardEvent;
import com.alibaba.nacos.api.ai.listener.NacosMcpServerEvent;
import com.alibaba.nacos.api.ai.model.a2a.AgentCard;
import com.alibaba.nacos.api.ai.model.a2a.AgentCardDetailInfo;
import com.alibaba.nacos.api.ai.model.a2a.AgentSkill;
import com.alibaba.nacos.api.ai.model.a2a.AgentVersionDetail;
import com.alibaba.nacos.api.ai.model.mcp.McpEndpointSpec;
import com.alibaba.nacos.api.ai.model.mcp.McpServerBasicInfo;
import com.alibaba.nacos.api.ai.model.mcp.McpServerDetailInfo;
import com.alibaba.nacos.api.ai.model.mcp.McpServerRemoteServiceConfig;
import com.alibaba.nacos.api.ai.model.mcp.McpTool;
import com.alibaba.nacos.api.ai.model.mcp.McpToolSpecification;
import com.alibaba.nacos.api.ai.model.mcp.registry.ServerVersionDetail;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.maintainer.client.ai.AiMaintainerFactory;
import com.alibaba.nacos.maintainer.client.ai.AiMaintainerService;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerAuth;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TestServers;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The AI registry as the official 3.x clients use it, with auth on: the maintainer client manages
 * MCP servers and agent cards over {@code /v3/admin/ai}, an application's {@code AiService}
 * releases them, registers their endpoints and subscribes over gRPC as a user granted its namespace
 * only. Writes go through one node and are read through another on a cluster.
 */
class AiRegistry3xTest {

    static final String NAMESPACE = "ai-tests";
    static final String APP_USER = "ai-app";
    static final String APP_PASSWORD = "ai-app-pw";

    static ServerProcess server;
    static ServerProcess elsewhere;
    static String adminToken;
    static AiMaintainerService maintainer;
    static AiMaintainerService maintainerElsewhere;
    static AiService app;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start(ServerAuth.enabled());
        elsewhere = TestServers.elsewhere(server);
        adminToken = ServerAuth.adminToken(server);
        ServerAuth.createUser(server, adminToken, APP_USER, APP_PASSWORD, NAMESPACE + ":*:*", "rw");
        maintainer = AiMaintainerFactory.createAiMaintainerService(login(server, "nacos", ServerAuth.ADMIN_PASSWORD));
        maintainerElsewhere = AiMaintainerFactory.createAiMaintainerService(
                login(elsewhere, "nacos", ServerAuth.ADMIN_PASSWORD));
        Properties appProperties = login(server, APP_USER, APP_PASSWORD);
        appProperties.put(PropertyKeyConst.NAMESPACE, NAMESPACE);
        appProperties.put("nacosAiMcpServerCacheUpdateInterval", "500");
        appProperties.put("nacosAiAgentCardCacheUpdateInterval", "500");
        app = AiFactory.createAiService(appProperties);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (app != null) {
                app.shutdown();
            }
        } finally {
            TestServers.stop(server);
        }
    }

    static Properties login(ServerProcess node, String username, String password) {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, node.address());
        properties.put(PropertyKeyConst.USERNAME, username);
        properties.put(PropertyKeyConst.PASSWORD, password);
        return properties;
    }

    static McpServerBasicInfo remoteServer(String name, String version, String description) {
        McpServerBasicInfo server = new McpServerBasicInfo();
        server.setName(name);
        server.setDescription(description);
        server.setProtocol("mcp-sse");
        ServerVersionDetail detail = new ServerVersionDetail();
        detail.setVersion(version);
        server.setVersionDetail(detail);
        McpServerRemoteServiceConfig remote = new McpServerRemoteServiceConfig();
        remote.setExportPath("/sse");
        server.setRemoteServerConfig(remote);
        return server;
    }

    static McpToolSpecification weatherTool() {
        McpTool tool = new McpTool();
        tool.setName("get_weather");
        tool.setDescription("The weather of a city");
        tool.setInputSchema(Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string")),
                "required", List.of("city")));
        McpToolSpecification spec = new McpToolSpecification();
        spec.setTools(List.of(tool));
        return spec;
    }

    static McpEndpointSpec direct(String address, int port) {
        McpEndpointSpec endpoint = new McpEndpointSpec();
        endpoint.setType("DIRECT");
        endpoint.getData().put("address", address);
        endpoint.getData().put("port", String.valueOf(port));
        return endpoint;
    }

    /** The detail as the other node serves it, once it has the version (a replica may trail briefly). */
    static McpServerDetailInfo elsewhereDetail(String name, String version) throws InterruptedException {
        AtomicReference<McpServerDetailInfo> seen = new AtomicReference<>();
        Await.until(5_000, () -> {
            try {
                McpServerDetailInfo detail = maintainerElsewhere.getMcpServerDetail(NAMESPACE, name, null, null);
                seen.set(detail);
                return version.equals(detail.getVersion());
            } catch (NacosException e) {
                return false;
            }
        }, "the other node serves " + name + " at version " + version);
        return seen.get();
    }

    @Test
    void mcpServerVersionsToolsAndEndpoints() throws Exception {
        String name = "weather-mcp";
        String id = maintainer.createMcpServer(NAMESPACE, name, remoteServer(name, "1.0.0", "weather"), weatherTool(),
                direct("127.0.0.1", 9001));
        McpServerDetailInfo first = elsewhereDetail(name, "1.0.0");
        assertEquals(id, first.getId());
        assertEquals(NAMESPACE, first.getNamespaceId());
        assertEquals("get_weather", first.getToolSpec().getTools().get(0).getName());
        assertEquals("object", first.getToolSpec().getTools().get(0).getInputSchema().get("type"));
        assertEquals(1, first.getBackendEndpoints().size());
        assertEquals("127.0.0.1", first.getBackendEndpoints().get(0).getAddress());
        assertEquals(9001, first.getBackendEndpoints().get(0).getPort());
        assertEquals("/sse", first.getBackendEndpoints().get(0).getPath());
        assertTrue(first.getVersionDetail().getIs_latest());
        assertTrue(first.isEnabled());

        assertTrue(maintainer.updateMcpServer(NAMESPACE, name, true, remoteServer(name, "2.0.0", "weather v2"),
                weatherTool(), direct("127.0.0.1", 9002), false));
        McpServerDetailInfo second = elsewhereDetail(name, "2.0.0");
        assertEquals("weather v2", second.getDescription());
        assertEquals(2, second.getAllVersions().size());
        assertEquals(9002, second.getBackendEndpoints().get(0).getPort());
        McpServerDetailInfo old = maintainer.getMcpServerDetail(NAMESPACE, name, null, "1.0.0");
        assertEquals("weather", old.getDescription());
        assertFalse(old.getVersionDetail().getIs_latest());

        NacosException exists = assertThrows(NacosException.class, () -> maintainer.updateMcpServer(NAMESPACE, name,
                true, remoteServer(name, "2.0.0", "again"), weatherTool(), direct("127.0.0.1", 9002), false));
        assertTrue(exists.getErrMsg().contains("already exist"), exists.getErrMsg());
        McpServerBasicInfo disabled = remoteServer(name, "2.0.0", "weather v2, off");
        disabled.setEnabled(false);
        assertTrue(maintainer.updateMcpServer(NAMESPACE, name, true, disabled, weatherTool(),
                direct("127.0.0.1", 9002), true));
        assertFalse(maintainer.getMcpServerDetail(NAMESPACE, name, null, null).isEnabled());

        assertEquals(1, maintainer.listMcpServer(NAMESPACE, name, 1, 10).getTotalCount());
        assertEquals(1, maintainer.searchMcpServer(NAMESPACE, "eather", 1, 10).getTotalCount());
        assertEquals(0, maintainer.listMcpServer(name, 1, 10).getTotalCount(), "the public namespace has none");

        assertTrue(maintainer.deleteMcpServer(NAMESPACE, name, null, "1.0.0"));
        assertEquals(1, maintainer.getMcpServerDetail(NAMESPACE, name, null, null).getAllVersions().size());
        assertTrue(maintainer.deleteMcpServer(NAMESPACE, name, null, null));
        assertThrows(NacosException.class, () -> maintainer.getMcpServerDetail(NAMESPACE, name, null, null));
    }

    @Test
    void applicationReleasesRegistersAndSubscribes() throws Exception {
        String name = "orders-mcp";
        McpServerBasicInfo spec = remoteServer(name, "1.0.0", "orders");
        spec.getVersionDetail().setIs_latest(true);
        String id = app.releaseMcpServer(spec, weatherTool());
        NacosException again = assertThrows(NacosException.class, () -> app.releaseMcpServer(spec, weatherTool()));
        assertTrue(again.getErrMsg().contains("already exist"), again.getErrMsg());

        app.registerMcpServerEndpoint(name, "127.0.0.1", 8611, "1.0.0");
        Await.until(5_000, () -> endpointsOf(maintainerElsewhere, name).contains("127.0.0.1:8611"),
                "the registered endpoint is served by the other node");
        McpServerDetailInfo served = app.getMcpServer(name);
        assertEquals(id, served.getId());
        Await.until(5_000, () -> server.log("ai.log").contains("[mcp-server] created `" + name + "`")
                && server.log("ai.log").contains("endpoint 127.0.0.1:8611 of mcp server `" + name + "`"),
                "ai.log tells of the release and the endpoint");

        AtomicReference<McpServerDetailInfo> pushed = new AtomicReference<>();
        app.subscribeMcpServer(name, new AbstractNacosMcpServerListener() {
            @Override
            public void onEvent(NacosMcpServerEvent event) {
                pushed.set(event.getMcpServerDetailInfo());
            }
        });
        assertTrue(maintainer.updateMcpServer(NAMESPACE, name, true, remoteServer(name, "1.1.0", "orders 1.1"),
                weatherTool(), direct("127.0.0.1", 8612), false));
        Await.until(10_000, () -> pushed.get() != null && "1.1.0".equals(pushed.get().getVersion()),
                "the subscriber hears of version 1.1.0");

        app.deregisterMcpServerEndpoint(name, "127.0.0.1", 8611);
        Await.until(5_000, () -> !endpointsOf(maintainer, name).contains("127.0.0.1:8611"),
                "the deregistered endpoint leaves");
    }

    static List<String> endpointsOf(AiMaintainerService client, String name) {
        try {
            McpServerDetailInfo detail = client.getMcpServerDetail(NAMESPACE, name, null, "1.0.0");
            return detail.getBackendEndpoints().stream().map(e -> e.getAddress() + ":" + e.getPort()).toList();
        } catch (NacosException e) {
            return List.of();
        }
    }

    static AgentCard card(String name, String version, String url) {
        AgentCard card = new AgentCard();
        card.setName(name);
        card.setVersion(version);
        card.setDescription("plans trips");
        card.setProtocolVersion("0.3.0");
        card.setUrl(url);
        AgentSkill skill = new AgentSkill();
        skill.setId("plan");
        skill.setName("Plan a trip");
        card.setSkills(List.of(skill));
        return card;
    }

    @Test
    void agentCardsWithVersions() throws Exception {
        String name = "trip-agent";
        assertTrue(maintainer.registerAgent(card(name, "1.0.0", "http://127.0.0.1:7001/a2a"), NAMESPACE, "URL"));
        NacosException twice = assertThrows(NacosException.class,
                () -> maintainer.registerAgent(card(name, "1.0.0", "http://x"), NAMESPACE, "URL"));
        assertTrue(twice.getErrMsg().contains("has existed"), twice.getErrMsg());
        assertTrue(maintainer.updateAgentCard(card(name, "2.0.0", "http://127.0.0.1:7002/a2a"), NAMESPACE, true,
                "URL"));
        Await.until(5_000, () -> {
            try {
                return "2.0.0".equals(maintainerElsewhere.getAgentCard(name, NAMESPACE, null, null).getVersion());
            } catch (NacosException e) {
                return false;
            }
        }, "the other node serves version 2.0.0");
        AgentCardDetailInfo latest = maintainer.getAgentCard(name, NAMESPACE, null, null);
        assertEquals("http://127.0.0.1:7002/a2a", latest.getUrl());
        assertTrue(latest.isLatestVersion());
        assertEquals("plan", latest.getSkills().get(0).getId());
        assertEquals("http://127.0.0.1:7001/a2a", maintainer.getAgentCard(name, NAMESPACE, null, "1.0.0").getUrl());
        List<AgentVersionDetail> versions = maintainer.listAllVersionOfAgent(name, NAMESPACE);
        assertEquals(2, versions.size());
        assertTrue(versions.stream().filter(AgentVersionDetail::isLatest).allMatch(v -> "2.0.0".equals(v.getVersion())));
        assertEquals(1, maintainer.listAgentCards(NAMESPACE, name, 1, 10).getTotalCount());
        assertEquals(1, maintainer.searchAgentCardsByName(NAMESPACE, "trip", 1, 10).getTotalCount());
        assertTrue(maintainer.deleteAgent(name, NAMESPACE, "1.0.0"));
        assertEquals(1, maintainer.listAllVersionOfAgent(name, NAMESPACE).size());
        assertTrue(maintainer.deleteAgent(name, NAMESPACE, null));
        assertThrows(NacosException.class, () -> maintainer.getAgentCard(name, NAMESPACE, null, null));
    }

    @Test
    void applicationAgentServedAtItsEndpoints() throws Exception {
        String name = "svc-agent";
        app.releaseAgentCard(card(name, "1.0.0", null), "SERVICE", true);
        NacosException again = assertThrows(NacosException.class,
                () -> app.releaseAgentCard(card(name, "1.0.0", null), "SERVICE", true));
        assertTrue(again.getErrMsg().contains("already has version"), again.getErrMsg());
        app.registerAgentEndpoint(name, "1.0.0", "127.0.0.1", 7301, "JSONRPC", "/rpc", false);
        Await.until(5_000, () -> {
            try {
                return "http://127.0.0.1:7301/rpc".equals(app.getAgentCard(name).getUrl());
            } catch (NacosException e) {
                return false;
            }
        }, "the card's url is the registered endpoint");
        assertEquals("SERVICE", maintainer.getAgentCard(name, NAMESPACE, null, null).getRegistrationType());

        AtomicReference<AgentCardDetailInfo> pushed = new AtomicReference<>();
        app.subscribeAgentCard(name, new AbstractNacosAgentCardListener() {
            @Override
            public void onEvent(NacosAgentCardEvent event) {
                pushed.set(event.getAgentCard());
            }
        });
        assertTrue(maintainer.updateAgentCard(card(name, "1.1.0", null), NAMESPACE, true, "SERVICE"));
        Await.until(10_000, () -> pushed.get() != null && "1.1.0".equals(pushed.get().getVersion()),
                "the subscriber hears of version 1.1.0");
    }

    @Test
    void badInputIsRefusedAndNothingIsStored() {
        String base = server.baseUrl() + "/v3/admin/ai/mcp";
        HttpResponse<String> unparsable = HttpCall.post(base).param("accessToken", adminToken)
                .param("namespaceId", NAMESPACE).param("mcpName", "broken").param("serverSpecification", "{not json")
                .send();
        assertEquals(400, unparsable.statusCode(), unparsable.body());
        assertTrue(unparsable.body().contains("20002") && unparsable.body().contains("Can't be parsed"),
                unparsable.body());

        String spec = "{\"name\":\"bad-schema\",\"protocol\":\"stdio\",\"versionDetail\":{\"version\":\"1.0.0\"}}";
        HttpResponse<String> schema = HttpCall.post(base).param("accessToken", adminToken)
                .param("namespaceId", NAMESPACE).param("serverSpecification", spec)
                .param("toolSpecification", "{\"tools\":[{\"name\":\"t\",\"inputSchema\":{\"type\":\"nope\"}}]}")
                .send();
        assertEquals(400, schema.statusCode(), schema.body());
        assertTrue(schema.body().contains("JSON Schema"), schema.body());

        HttpResponse<String> noVersion = HttpCall.post(base).param("accessToken", adminToken)
                .param("namespaceId", NAMESPACE)
                .param("serverSpecification", "{\"name\":\"no-version\",\"protocol\":\"stdio\"}").send();
        assertEquals(400, noVersion.statusCode(), noVersion.body());

        HttpResponse<String> badCard = HttpCall.post(server.baseUrl() + "/v3/admin/ai/a2a")
                .param("accessToken", adminToken).param("namespaceId", NAMESPACE).param("agentName", "x")
                .param("agentCard", "[1,2]").send();
        assertEquals(400, badCard.statusCode(), badCard.body());

        HttpResponse<String> listed = HttpCall.get(base + "/list").param("accessToken", adminToken)
                .param("namespaceId", NAMESPACE).param("mcpName", "b*").param("search", "blur").send();
        assertTrue(listed.body().contains("\"totalCount\":0"), listed.body());

        HttpResponse<String> anonymous = HttpCall.get(base + "/list").send();
        assertTrue(anonymous.statusCode() == 401 || anonymous.statusCode() == 403, anonymous.body());
        HttpResponse<String> otherNamespace = HttpCall.get(base + "/list").param("namespaceId", "public")
                .param("accessToken", ServerAuth.awaitToken(server, APP_USER, APP_PASSWORD)).send();
        assertEquals(403, otherNamespace.statusCode(), otherNamespace.body());
    }

    @Test
    void importFromRegistryJson() {
        String base = server.baseUrl() + "/v3/console/ai/mcp/import";
        String registry = "{\"servers\":[{\"server\":{\"name\":\"io.example/search\",\"description\":\"search\","
                + "\"version\":\"0.3.0\",\"remotes\":[{\"type\":\"sse\",\"url\":\"http://127.0.0.1:7400/sse\"}]}},"
                + "{\"server\":{\"name\":\"io.example/files\",\"version\":\"1.2.0\",\"packages\":[{\"registryType\":"
                + "\"npm\",\"identifier\":\"@example/files\"}]}}]}";
        HttpResponse<String> validated = HttpCall.post(base + "/validate").param("accessToken", adminToken)
                .param("namespaceId", NAMESPACE).param("importType", "json").param("data", registry).send();
        assertEquals(200, validated.statusCode(), validated.body());
        assertTrue(validated.body().contains("\"valid\":true") && validated.body().contains("\"totalCount\":2"),
                validated.body());

        String withBad = registry.replace("http://127.0.0.1:7400/sse", "not a url at all");
        HttpResponse<String> refused = HttpCall.post(base + "/execute").param("accessToken", adminToken)
                .param("namespaceId", NAMESPACE).param("importType", "json").param("data", withBad).send();
        assertEquals(400, refused.statusCode(), refused.body());
        HttpResponse<String> none = HttpCall.get(server.baseUrl() + "/v3/admin/ai/mcp/list")
                .param("accessToken", adminToken).param("namespaceId", NAMESPACE).param("mcpName", "io.example/*")
                .param("search", "blur").send();
        assertTrue(none.body().contains("\"totalCount\":0"), "a refused import stores nothing: " + none.body());

        HttpResponse<String> executed = HttpCall.post(base + "/execute").param("accessToken", adminToken)
                .param("namespaceId", NAMESPACE).param("importType", "json").param("data", registry).send();
        assertTrue(executed.body().contains("\"successCount\":2"), executed.body());
        HttpResponse<String> repeated = HttpCall.post(base + "/execute").param("accessToken", adminToken)
                .param("namespaceId", NAMESPACE).param("importType", "json").param("data", registry).send();
        assertTrue(repeated.body().contains("\"skippedCount\":2"), repeated.body());
        HttpResponse<String> search = HttpCall.get(server.baseUrl() + "/v3/admin/ai/mcp")
                .param("accessToken", adminToken).param("namespaceId", NAMESPACE)
                .param("mcpName", "io.example/search").send();
        assertTrue(search.body().contains("\"port\":7400") && search.body().contains("\"protocol\":\"mcp-sse\""),
                search.body());
    }
}
