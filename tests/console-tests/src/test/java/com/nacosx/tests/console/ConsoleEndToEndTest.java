package com.nacosx.tests.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerAuth;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The console as an operator uses it, in a real browser, on a packaged server with auth on and no
 * admin yet: each step is a browser session ({@link BrowserSteps}); between steps the official
 * nacos-client 2.5.1 checks that what the console did reached the applications: a listener in the
 * namespace the console created is pushed each publish and the rollback, and a subscriber stops
 * seeing the instance the console took offline. The steps build on each other, in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleEndToEndTest {

    static final String NAMESPACE = "e2e-ns";
    static final String DATA_ID = "app.yaml";
    static final String FIRST = "server:\n  port: 8080\n";
    static final String SECOND = "server:\n  port: 9090\n";
    static final String SERVICE = "e2e-orders";

    static ServerProcess server;
    static BrowserSteps browser;
    static ConfigService configs;
    static NamingService registrar;
    static NamingService subscriber;
    static final List<String> pushed = new CopyOnWriteArrayList<>();
    static final AtomicReference<List<Instance>> seen = new AtomicReference<>(List.of());

    @BeforeAll
    static void start() {
        // Auth on, but no admin password configured: the console asks for the first one.
        server = ServerProcess.startInNewHome(ServerProcess.freePort(),
                ServerAuth.enabled("nacos.core.auth.admin.password="));
        browser = new BrowserSteps(server);
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable client : new AutoCloseable[] {configs == null ? null : configs::shutDown,
                registrar == null ? null : registrar::shutDown, subscriber == null ? null : subscriber::shutDown}) {
            if (client != null) {
                client.close();
            }
        }
        if (server != null) {
            server.close();
        }
    }

    static Properties client(String namespace, String username, String password) {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, server.address());
        properties.put(PropertyKeyConst.NAMESPACE, namespace);
        properties.put(PropertyKeyConst.USERNAME, username);
        properties.put(PropertyKeyConst.PASSWORD, password);
        return properties;
    }

    static Map<String, String> admin() {
        return Map.of("username", "nacos", "password", ServerAuth.ADMIN_PASSWORD);
    }

    static Map<String, Object> admin(Map<String, Object> more) {
        Map<String, Object> args = new java.util.HashMap<>(admin());
        args.putAll(more);
        return args;
    }

    static String adminToken() {
        return ServerAuth.awaitToken(server, "nacos", ServerAuth.ADMIN_PASSWORD);
    }

    static void asAdmin(HttpCall call) {
        HttpResponse<String> answer = call.header("accessToken", adminToken()).send();
        assertEquals(200, answer.statusCode(), answer.body());
    }

    static String configIn(String namespace) {
        return HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", DATA_ID).param("group", "DEFAULT_GROUP")
                .param("tenant", namespace).header("accessToken", adminToken()).send().body();
    }

    @Test
    @Order(1)
    void theFirstVisitSetsTheAdminPasswordAndSignsIn() {
        browser.run("firstAdmin", Map.of("password", ServerAuth.ADMIN_PASSWORD));
        browser.run("wrongPassword", Map.of());
    }

    @Test
    @Order(2)
    void aNamespaceCreatedInTheConsoleIsOfferedEverywhere() {
        browser.run("createNamespace", admin(Map.of("id", NAMESPACE, "name", "End to end")));
        assertTrue(HttpCall.get(server.baseUrl() + "/v1/console/namespaces").header("accessToken", adminToken())
                .send().body().contains("\"namespace\":\"" + NAMESPACE + "\""));
    }

    @Test
    @Order(3)
    void aConfigCreatedEditedAndRolledBackInTheConsoleIsPushedToAListeningApplication() throws Exception {
        configs = NacosFactory.createConfigService(client(NAMESPACE, "nacos", ServerAuth.ADMIN_PASSWORD));
        configs.addListener(DATA_ID, "DEFAULT_GROUP", new AbstractListener() {
            @Override
            public void receiveConfigInfo(String content) {
                pushed.add(content);
            }
        });

        browser.run("createConfig", admin(Map.of("namespace", NAMESPACE, "dataId", DATA_ID, "content", FIRST)));
        Await.until(5000, () -> pushed.contains(FIRST), "the listener is pushed the config the console created");

        browser.run("editConfig", admin(Map.of("namespace", NAMESPACE, "dataId", DATA_ID, "before", FIRST.trim(),
                "content", SECOND)));
        Await.until(5000, () -> pushed.size() >= 2 && pushed.get(pushed.size() - 1).equals(SECOND),
                "the listener is pushed the edit: " + pushed);

        browser.run("historyRollback", admin(Map.of("namespace", NAMESPACE, "dataId", DATA_ID, "entries", 2)));
        Await.until(5000, () -> pushed.size() >= 3 && pushed.get(pushed.size() - 1).equals(FIRST),
                "the listener is pushed the rollback to the first version: " + pushed);
        assertEquals(FIRST, configs.getConfig(DATA_ID, "DEFAULT_GROUP", 5000));

        browser.run("listeners", admin(Map.of("namespace", NAMESPACE, "dataId", DATA_ID)));
    }

    @Test
    @Order(4)
    void aConfigIsClonedExportedAndImportedIntoOtherNamespaces() {
        for (String namespace : List.of("e2e-clone", "e2e-import")) {
            asAdmin(HttpCall.post(server.baseUrl() + "/v1/console/namespaces").param("customNamespaceId", namespace)
                    .param("namespaceName", namespace));
        }
        browser.run("cloneExportImport", admin(Map.of("namespace", NAMESPACE, "dataId", DATA_ID,
                "cloneTo", "e2e-clone", "importTo", "e2e-import")));
        assertEquals(FIRST, configIn("e2e-clone"));
        assertEquals(FIRST, configIn("e2e-import"));
    }

    @Test
    @Order(5)
    void anInstanceTakenOfflineInTheConsoleLeavesTheSubscribersList() throws Exception {
        registrar = NacosFactory.createNamingService(client("", "nacos", ServerAuth.ADMIN_PASSWORD));
        registrar.batchRegisterInstance(SERVICE, "DEFAULT_GROUP", List.of(instance("10.9.0.1"), instance("10.9.0.2")));
        subscriber = NacosFactory.createNamingService(client("", "nacos", ServerAuth.ADMIN_PASSWORD));
        subscriber.subscribe(SERVICE, event -> seen.set(((NamingEvent) event).getInstances()));
        Await.until(5000, () -> seen.get().size() == 2, "the subscriber sees both instances: " + seen.get());

        browser.run("takeInstanceOffline", admin(Map.of("service", SERVICE, "instance", "10.9.0.1:8080")));
        Await.until(5000, () -> seen.get().stream().noneMatch(each -> each.getIp().equals("10.9.0.1") && each.isEnabled()),
                "the subscriber no longer sees 10.9.0.1 as enabled: " + seen.get());
        assertTrue(seen.get().stream().anyMatch(each -> each.getIp().equals("10.9.0.2") && each.isEnabled()), seen.get().toString());
    }

    static Instance instance(String ip) {
        Instance instance = new Instance();
        instance.setIp(ip);
        instance.setPort(8080);
        return instance;
    }

    @Test
    @Order(6)
    void aReadOnlyUserSeesWritesRefusedWithTheServersReason() {
        asAdmin(HttpCall.post(server.baseUrl() + "/v1/auth/users").param("username", "viewer").param("password", "viewer-pw-1"));
        asAdmin(HttpCall.post(server.baseUrl() + "/v1/auth/roles").param("role", "readers").param("username", "viewer"));
        asAdmin(HttpCall.post(server.baseUrl() + "/v1/auth/permissions").param("role", "readers")
                .param("resource", NAMESPACE + ":*:*").param("action", "r"));
        browser.run("readOnlyRefused", Map.of("username", "viewer", "password", "viewer-pw-1", "namespace", NAMESPACE,
                "dataId", DATA_ID));
        assertEquals(FIRST, configIn(NAMESPACE), "the refused write changed nothing");
    }

    @Test
    @Order(7)
    void aRefusedTokenLeadsToTheLoginPageWithTheReason() {
        browser.run("expiredToken", admin());
    }

    @Test
    @Order(8)
    void badAnswersShowAnErrorNeverABlankPage() {
        browser.run("badAnswers", admin());
    }

    @Test
    @Order(9)
    void theAdminSeesAccessUpgradeLiveFiguresAndThisNodesClients() {
        browser.run("adminPages", admin(Map.of("user", "viewer", "role", "readers", "resource", NAMESPACE + ":*:*")));
    }

    @Test
    @Order(10)
    void configsSelectedInTheListAreDeletedTogether() {
        browser.run("bulkDelete", admin(Map.of("namespace", "e2e-import", "dataId", DATA_ID)));
        assertEquals("config data not exist", configIn("e2e-import").trim());
    }

    @Test
    @Order(11)
    void aBetaIsPublishedToOneIpAndStoppedWhileOtherClientsKeepThePublishedContent() throws Exception {
        int pushes = pushed.size();
        browser.run("betaPublish", admin(Map.of("namespace", NAMESPACE, "dataId", DATA_ID, "ip", "10.250.0.1")));
        assertEquals(FIRST, configIn(NAMESPACE));
        assertEquals(FIRST, configs.getConfig(DATA_ID, "DEFAULT_GROUP", 5000));
        assertTrue(pushed.subList(pushes, pushed.size()).stream().allMatch(FIRST::equals),
                "a listener outside the beta is never pushed the beta's content: " + pushed);
    }

    @Test
    @Order(12)
    void aServiceIsCreatedEditedAndDeletedInTheConsole() {
        browser.run("serviceCrud", admin(Map.of("service", "e2e-made-here")));
        assertTrue(HttpCall.get(server.baseUrl() + "/v1/ns/service").param("serviceName", "e2e-made-here")
                .header("accessToken", adminToken()).send().statusCode() >= 400, "the service is gone");
    }

    @Test
    @Order(13)
    void theConsoleSpeaksChineseAndEnglishAndRemembersTheChoice() {
        browser.run("languages", admin());
        browser.run("browserLanguage", admin(Map.of("locale", "zh-CN")));
    }

    @Test
    @Order(14)
    void theLivePagePlotsTheLastMinutesAndKeepsDrawing() {
        browser.run("plots", admin());
    }

    @Test
    @Order(15)
    void mcpServersAndAgentsAreManagedInTheConsole() {
        browser.run("mcpServers", admin(Map.of("mcp", "e2e-weather", "registry", AiInConsole.REGISTRY)));
        browser.run("agents", admin(Map.of("agent", "e2e-trip")));
        AiInConsole.assertStored(server, adminToken());
    }
}
