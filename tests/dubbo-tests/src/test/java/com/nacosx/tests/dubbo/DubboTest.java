package com.nacosx.tests.dubbo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TestServers;
import com.nacosx.testsupport.UnservedRequests;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Apache Dubbo 3 providers and consumers on Nacos: the three register modes, application-level
 * discovery through the service-name mapping and the metadata report, interface-level discovery
 * as Dubbo 2.7 did it, dynamic rules from the config center, and a provider leaving. On a cluster
 * the applications talk to the first node while the rules are published through the last.
 */
class DubboTest {

    static final String CURRENT = "1.0.0";
    static final String LEGACY = "legacy";
    static final String INSTANCE_ONLY = "instance-only";
    static final String PROVIDER = "greeter-provider";
    static final String CONSUMER = "greeter-consumer";
    static final String RULES_GROUP = "dubbo";
    static final JsonMapper JSON = JsonMapper.builder().build();
    static final List<DubboApp> APPS = new ArrayList<>();
    static ServerProcess server;
    static ServerProcess elsewhere;
    static int secondPort;
    static DubboApp consumer;
    static DubboApp legacyConsumer;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start(UnservedRequests.ACCESS_LOG_ON);
        elsewhere = TestServers.elsewhere(server);
        // Dubbo 2.7 consumers subscribe to interfaces only: a 3.x consumer does so under this
        // migration rule, read from the config center as it starts.
        publish("legacy-consumer.migration", "DUBBO_SERVICEDISCOVERY_MIGRATION",
                "key: legacy-consumer\nstep: FORCE_INTERFACE\n");
        secondPort = ServerProcess.freePort();
        started(new DubboApp(server.address(), PROVIDER, "all", "local").provide(CURRENT, ServerProcess.freePort()));
        started(new DubboApp(server.address(), PROVIDER, "all", "local").provide(CURRENT, secondPort));
        started(new DubboApp(server.address(), "legacy-provider", "interface", "local")
                .provide(LEGACY, ServerProcess.freePort()));
        started(new DubboApp(server.address(), "instance-provider", "instance", "remote")
                .provide(INSTANCE_ONLY, ServerProcess.freePort()));
        consumer = started(new DubboApp(server.address(), CONSUMER, "all", "local")
                .consume(CURRENT).consume(LEGACY).consume(INSTANCE_ONLY));
        legacyConsumer = started(new DubboApp(server.address(), "legacy-consumer", "interface", "local")
                .consume(CURRENT));
    }

    static DubboApp started(DubboApp app) {
        APPS.add(app);
        return app.start();
    }

    /** Stops the applications, then the server, and fails if it left a request of theirs unserved. */
    @AfterAll
    static void stop() {
        List<String> unserved;
        try {
            for (int i = APPS.size() - 1; i >= 0; i--) {
                APPS.get(i).close();
            }
        } finally {
            unserved = UnservedRequests.on(TestServers.nodesOf(server));
            TestServers.stop(server);
        }
        assertEquals(List.of(), unserved, "requests Dubbo sent that the server did not serve");
    }

    static void publish(String dataId, String group, String content) {
        HttpResponse<String> answer = HttpCall.post(elsewhere.baseUrl() + "/v1/cs/configs").param("dataId", dataId)
                .param("group", group).param("content", content).param("type", "yaml").send();
        assertEquals(200, answer.statusCode(), answer.body());
    }

    static void remove(String dataId, String group) {
        HttpResponse<String> answer = HttpCall.delete(elsewhere.baseUrl() + "/v1/cs/configs").param("dataId", dataId)
                .param("group", group).send();
        assertEquals(200, answer.statusCode(), answer.body());
    }

    static Set<String> servicesOnServer() {
        HttpResponse<String> answer = HttpCall.get(elsewhere.baseUrl() + "/v1/ns/service/list").param("pageNo", "1")
                .param("pageSize", "100").send();
        assertEquals(200, answer.statusCode(), answer.body());
        Set<String> names = new HashSet<>();
        JSON.readTree(answer.body()).path("doms").forEach(name -> names.add(name.asString()));
        return names;
    }

    static String configOnServer(String dataId, String group) {
        HttpResponse<String> answer = HttpCall.get(elsewhere.baseUrl() + "/v1/cs/configs").param("dataId", dataId)
                .param("group", group).send();
        return answer.statusCode() == 200 ? answer.body() : "";
    }

    /** Who answered {@code calls} calls, a failed call counted as "failed: REASON". */
    static Set<String> answering(Supplier<String> call, int calls) {
        Set<String> who = new HashSet<>();
        for (int i = 0; i < calls; i++) {
            try {
                who.add(call.get());
            } catch (RpcException e) {
                who.add("failed: " + e.getMessage());
            }
        }
        return who;
    }

    static String interfaceService(String version) {
        return "providers:" + Greeter.class.getName() + ":" + version + ":";
    }

    @Test
    void eachRegisterModeLeavesItsOwnServicesOnTheServer() throws Exception {
        Await.until(10_000, () -> servicesOnServer().containsAll(Set.of(PROVIDER, interfaceService(CURRENT),
                interfaceService(LEGACY), "instance-provider")), "every provider registered");
        Set<String> services = servicesOnServer();
        assertFalse(services.contains("legacy-provider"), "an interface-mode provider has no application service");
        assertFalse(services.contains(interfaceService(INSTANCE_ONLY)), "an instance-mode provider has no interface service");
        String mapping = configOnServer(Greeter.class.getName(), "mapping");
        assertTrue(mapping.contains(PROVIDER) && mapping.contains("instance-provider"), mapping);
    }

    @Test
    void aConsumerFindsProvidersByApplicationAndByInterface() throws Exception {
        Await.until(15_000, () -> answering(() -> consumer.greeter(CURRENT).whoAmI(), 20).size() == 2,
                "the consumer reaches both providers of " + CURRENT);
        assertTrue(consumer.greeter(LEGACY).whoAmI().startsWith("legacy-provider:"),
                "an application-first consumer falls back to a 2.7-style interface registration");
        assertTrue(consumer.greeter(INSTANCE_ONLY).whoAmI().startsWith("instance-provider:"),
                "found through the application-level registration alone");
        Await.until(15_000, () -> answering(() -> legacyConsumer.greeter(CURRENT).whoAmI(), 20).size() == 2,
                "a 2.7-style consumer reaches the 3.x providers through their interface registration");
    }

    @Test
    void aRemoteMetadataProviderKeepsItsMetadataInTheReport() throws Exception {
        Await.until(10_000, () -> {
            HttpResponse<String> answer = HttpCall.get(elsewhere.baseUrl() + "/v1/cs/configs").param("dataId", "instance-provider")
                    .param("group", "").param("search", "blur").param("pageNo", "1").param("pageSize", "10").send();
            JsonNode items = JSON.readTree(answer.body()).path("pageItems");
            return items.size() > 0 && items.get(0).path("content").asString().contains(Greeter.class.getName());
        }, "the instance-provider's metadata (dataId its name, group its revision) in the report");
    }

    @Test
    void aConfiguratorOverrideReachesTheRunningConsumer() throws Exception {
        assertTrue(consumer.greeter(CURRENT).slow(300).startsWith(PROVIDER));
        String rule = "configVersion: v3.0\nscope: application\nkey: " + CONSUMER
                + "\nenabled: true\nconfigs:\n  - side: consumer\n    parameters:\n      timeout: 100\n";
        publish(CONSUMER + ".configurators", RULES_GROUP, rule);
        try {
            Await.until(15_000, () -> timesOut(() -> consumer.greeter(CURRENT).slow(300)),
                    "the override's 100 ms timeout cut a 300 ms call short");
        } finally {
            remove(CONSUMER + ".configurators", RULES_GROUP);
        }
        Await.until(15_000, () -> !timesOut(() -> consumer.greeter(CURRENT).slow(300)),
                "the consumer is back on its own timeout once the override is removed");
    }

    static boolean timesOut(Supplier<String> call) {
        try {
            call.get();
            return false;
        } catch (RpcException e) {
            return e.isTimeout();
        }
    }

    @Test
    void aTagRouteSendsTaggedCallsToItsProviderOnly() throws Exception {
        String rule = "configVersion: v3.0\nforce: true\nenabled: true\nkey: " + PROVIDER
                + "\ntags:\n  - name: gray\n    addresses: [\"" + DubboApp.HOST + ":" + secondPort + "\"]\n";
        publish(PROVIDER + ".tag-router", RULES_GROUP, rule);
        Supplier<String> grayCall = () -> {
            RpcContext.getClientAttachment().setAttachment("dubbo.tag", "gray");
            return consumer.greeter(CURRENT).whoAmI();
        };
        try {
            Await.until(15_000, () -> answering(grayCall, 20).equals(Set.of(PROVIDER + ":" + secondPort)),
                    "every call tagged gray reached the gray provider alone");
        } finally {
            remove(PROVIDER + ".tag-router", RULES_GROUP);
        }
    }

    @Test
    void aStoppedProviderLeavesTheConsumersView() throws Exception {
        int port = ServerProcess.freePort();
        String leaver = PROVIDER + ":" + port;
        DubboApp provider = new DubboApp(server.address(), PROVIDER, "all", "local").provide(CURRENT, port).start();
        try {
            Await.until(15_000, () -> answering(() -> consumer.greeter(CURRENT).whoAmI(), 20).contains(leaver),
                    "the consumer reaches the new provider");
        } finally {
            provider.close();
        }
        Await.until(15_000, () -> !answering(() -> consumer.greeter(CURRENT).whoAmI(), 30).contains(leaver),
                "the consumer stopped calling the provider that left");
        Set<String> after = answering(() -> consumer.greeter(CURRENT).whoAmI(), 30);
        assertEquals(2, after.size(), after.toString());
    }
}
