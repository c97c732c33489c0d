package com.nacosx.tests.sca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerAuth;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TestServers;
import com.nacosx.testsupport.UnservedRequests;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.client.ServiceInstance;
import org.springframework.cloud.client.discovery.DiscoveryClient;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Spring Cloud Alibaba's config and discovery starters against the server with auth on: two
 * applications configured through {@code spring.config.import}, shared and extension configs in a
 * namespace of their own, registered with metadata and weight, calling each other by name. On a
 * cluster they talk to the first node while the configs are published through the last.
 */
class SpringCloudAlibabaTest {

    static final String GREETER = "sca-greeter";
    static final String CALLER = "sca-caller";
    static final JsonMapper JSON = JsonMapper.builder().build();
    static ServerProcess server;
    static ServerProcess elsewhere;
    static String admin;
    static ConfigurableApplicationContext greeter;
    static ConfigurableApplicationContext caller;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start(ServerAuth.enabled(UnservedRequests.ACCESS_LOG_ON));
        elsewhere = TestServers.elsewhere(server);
        admin = ServerAuth.adminToken(elsewhere);
        HttpResponse<String> namespace = HttpCall.post(elsewhere.baseUrl() + "/v1/console/namespaces")
                .param("customNamespaceId", ScaApps.NAMESPACE).param("namespaceName", "Spring Cloud Alibaba")
                .param("accessToken", admin).send();
        assertEquals(200, namespace.statusCode(), namespace.body());
        ServerAuth.createUser(elsewhere, admin, ScaApps.USERNAME, ScaApps.PASSWORD, ScaApps.NAMESPACE + ":*:*", "rw");
        ServerAuth.awaitToken(server, ScaApps.USERNAME, ScaApps.PASSWORD);
        publish("sca-app.yaml", ScaApps.GROUP, "yaml", "greeting:\n  text: hello\nshop:\n  name: north\n  max-items: 3\n");
        publish("sca-app.properties", ScaApps.GROUP, "properties", "shop.currency=EUR\n");
        publish("sca-shared.properties", ScaApps.SHARED_GROUP, "properties", "shared.level=common\n");
        publish("sca-ext.yaml", ScaApps.EXTENSION_GROUP, "yaml", "ext:\n  flag: 'on'\n");
        greeter = ScaApps.start(server, GREETER);
        caller = ScaApps.start(server, CALLER);
    }

    /** Stops the applications, then the server, and fails if it left a request of theirs unserved. */
    @AfterAll
    static void stop() {
        List<String> unserved;
        try {
            for (ConfigurableApplicationContext app : new ConfigurableApplicationContext[] {caller, greeter}) {
                if (app != null) {
                    app.close();
                }
            }
        } finally {
            unserved = UnservedRequests.on(TestServers.nodesOf(server));
            TestServers.stop(server);
        }
        assertEquals(List.of(), unserved, "requests the starters sent that the server did not serve");
    }

    /** Publishes through the last node as the admin, the way an operator changes a config. */
    static void publish(String dataId, String group, String type, String content) {
        HttpResponse<String> answer = HttpCall.post(elsewhere.baseUrl() + "/v1/cs/configs").param("dataId", dataId)
                .param("group", group).param("tenant", ScaApps.NAMESPACE).param("type", type)
                .param("content", content).param("accessToken", admin).send();
        assertEquals(200, answer.statusCode(), answer.body());
    }

    static JsonNode instancesOnServer(String service) {
        HttpResponse<String> answer = HttpCall.get(elsewhere.baseUrl() + "/v1/ns/instance/list")
                .param("serviceName", service).param("namespaceId", ScaApps.NAMESPACE)
                .param("accessToken", admin).send();
        assertEquals(200, answer.statusCode(), answer.body());
        return JSON.readTree(answer.body()).path("hosts");
    }

    static String get(String url) {
        HttpResponse<String> answer = HttpCall.get(url).send();
        assertEquals(200, answer.statusCode(), url + ": " + answer.body());
        return answer.body();
    }

    @Test
    void valuesComeFromTheImportedDataIdsInTheirGroups() {
        assertEquals("north", greeter.getBean(ShopProperties.class).getName());
        assertEquals("EUR", greeter.getBean(ShopProperties.class).getCurrency());
        assertEquals("common", greeter.getEnvironment().getProperty("shared.level"));
        assertEquals("on", greeter.getEnvironment().getProperty("ext.flag"));
    }

    @Test
    void aPublishedChangeReachesTheRefreshScopeAndTheConfigurationProperties() throws Exception {
        ScaApp.Refreshes refreshes = greeter.getBean(ScaApp.Refreshes.class);
        int before = refreshes.count();
        publish("sca-app.yaml", ScaApps.GROUP, "yaml", "greeting:\n  text: hi again\nshop:\n  name: north\n  max-items: 5\n");
        ScaApp.Greeting greeting = greeter.getBean(ScaApp.Greeting.class);
        Await.until(10_000, () -> "hi again".equals(greeting.text()), "the @RefreshScope bean saw the change");
        assertEquals(5, greeter.getBean(ShopProperties.class).getMaxItems());
        assertTrue(refreshes.count() > before, "a RefreshEvent");
        assertTrue(refreshes.changedKeys().contains("greeting.text"), refreshes.changedKeys().toString());
        assertTrue(get(ScaApps.url(greeter, "/hello")).startsWith("hi again"));

        publish("sca-ext.yaml", ScaApps.EXTENSION_GROUP, "yaml", "ext:\n  flag: 'off'\n");
        Await.until(10_000, () -> "off".equals(greeter.getEnvironment().getProperty("ext.flag")),
                "the extension config's change reached the environment");
    }

    @Test
    void registeredWithMetadataAndWeightAndSeenByTheOtherApplication() throws Exception {
        JsonNode hosts = instancesOnServer(GREETER);
        assertEquals(1, hosts.size(), hosts.toString());
        assertEquals(3.0, hosts.get(0).path("weight").asDouble());
        assertEquals("z1", hosts.get(0).path("metadata").path("zone").asString());
        assertEquals(ScaApps.port(greeter), hosts.get(0).path("port").asInt());

        DiscoveryClient discovery = caller.getBean(DiscoveryClient.class);
        Await.until(10_000, () -> discovery.getServices().contains(GREETER), "the caller lists the greeter's service");
        List<ServiceInstance> instances = discovery.getInstances(GREETER);
        assertEquals(1, instances.size());
        assertEquals(ScaApps.port(greeter), instances.get(0).getPort());
        assertEquals("z1", instances.get(0).getMetadata().get("zone"));
    }

    @Test
    void aLoadBalancedCallReachesTheOtherApplicationByName() {
        assertTrue(get(ScaApps.url(caller, "/call/" + GREETER)).endsWith(" from " + GREETER));
        assertTrue(get(ScaApps.url(greeter, "/call/" + CALLER)).endsWith(" from " + CALLER));
    }

    @Test
    void theActuatorShowsNacosConfigAndDiscoveryUp() {
        JsonNode components = JSON.readTree(get(ScaApps.url(greeter, "/actuator/health"))).path("components");
        assertEquals("UP", components.path("nacosConfig").path("status").asString(), components.toString());
        assertEquals("UP", components.path("nacosDiscovery").path("status").asString(), components.toString());
        JsonNode discovery = JSON.readTree(get(ScaApps.url(greeter, "/actuator/nacosdiscovery")));
        assertEquals(ScaApps.NAMESPACE, discovery.path("NacosDiscoveryProperties").path("namespace").asString(),
                discovery.toString());
        JsonNode config = JSON.readTree(get(ScaApps.url(greeter, "/actuator/nacosconfig")));
        assertTrue(config.path("Sources").toString().contains("sca-app.yaml"), config.toString());
    }

    @Test
    void anApplicationThatShutsDownLeavesTheRegistry() throws Exception {
        ConfigurableApplicationContext leaver = ScaApps.start(server, "sca-leaver");
        DiscoveryClient discovery = caller.getBean(DiscoveryClient.class);
        try {
            Await.until(10_000, () -> discovery.getInstances("sca-leaver").size() == 1, "the caller sees the leaver");
        } finally {
            leaver.close();
        }
        assertEquals(0, instancesOnServer("sca-leaver").size(), "deregistered when its context closed");
        Await.until(10_000, () -> discovery.getInstances("sca-leaver").isEmpty(), "the caller sees the leaver gone");
    }

    @Test
    void theServerRefusesTheConfigsWithoutTheApplicationsCredentials() {
        HttpResponse<String> anonymous = HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "sca-app.yaml")
                .param("group", ScaApps.GROUP).param("tenant", ScaApps.NAMESPACE).send();
        assertEquals(401, anonymous.statusCode(), anonymous.body());
    }
}
