package com.nacosx.tests;

import static com.nacosx.tests.CoreOpenApiTest.json;
import static com.nacosx.tests.CoreOpenApiTest.v2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.naming.Instance;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.naming.NotifySubscriberRequest;
import com.nacosx.api.remote.naming.QueryServiceResponse;
import com.nacosx.api.remote.naming.ServiceQueryRequest;
import com.nacosx.api.remote.naming.SubscribeServiceRequest;
import com.nacosx.api.remote.naming.SubscribeServiceResponse;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.ServerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Label selectors applied as the official server applies them, with host labels from
 * {@code conf/cmdb-labels.json}: a consumer sees the providers whose compared labels equal its
 * own, all of them when none match or when it has no labels, over HTTP, gRPC queries and pushes;
 * a selector outside the official grammar is refused.
 */
class SelectorTest {

    static final String SELECTOR = "{\"type\":\"label\",\"expression\":\"CONSUMER.label.region = PROVIDER.label.region\"}";
    static ServerProcess server;

    @BeforeAll
    static void start() throws Exception {
        server = ServerProcess.startStandalone();
        Path conf = Files.createDirectories(server.home().resolve("conf"));
        Files.writeString(conf.resolve("cmdb-labels.json"), """
                {"10.9.0.1": {"region": "hz"}, "10.9.0.2": {"region": "sh"}, "10.9.0.3": {"region": "sh"},
                 "10.9.0.100": {"region": "hz"}, "10.9.0.101": {"region": "bj"}, "127.0.0.5": {"region": "sh"}}
                """);
        assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/ns/service").param("serviceName", "labelled")
                .param("selector", SELECTOR).send().statusCode());
        for (String ip : new String[] {"10.9.0.1", "10.9.0.2"}) {
            assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/ns/instance").param("serviceName", "labelled")
                    .param("ip", ip).param("port", "80").send().statusCode());
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Set<String> seenBy(String clientIp) {
        JsonNode hosts = json(HttpCall.get(server.baseUrl() + "/v1/ns/instance/list").param("serviceName", "labelled")
                .param("clientIP", clientIp).send(), 200).path("hosts");
        Set<String> ips = new TreeSet<>();
        hosts.forEach(host -> ips.add(host.path("ip").asString()));
        return ips;
    }

    static Set<String> ips(List<Instance> hosts) {
        return hosts.stream().map(host -> host.ip).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void consumersSeeTheProvidersOfTheirLabel() throws Exception {
        Await.until(10_000, () -> seenBy("10.9.0.100").equals(Set.of("10.9.0.1")), "the hz consumer sees the hz provider");
        assertEquals(Set.of("10.9.0.1", "10.9.0.2"), seenBy("10.9.0.200"), "a consumer without labels sees all");
        assertEquals(Set.of("10.9.0.1", "10.9.0.2"), seenBy("10.9.0.101"), "none match: all, as the official");

        BlockingQueue<ServerRequest> pushes = new LinkedBlockingQueue<>();
        try (NacosGrpcClient grpc = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), "127.0.0.5", null, pushes::add)) {
            grpc.setUp(java.util.Map.of()).join();
            ServiceQueryRequest query = new ServiceQueryRequest();
            query.namespace = "public";
            query.groupName = "DEFAULT_GROUP";
            query.serviceName = "labelled";
            query.cluster = "";
            QueryServiceResponse queried = (QueryServiceResponse) grpc.requestNow(query);
            assertEquals(Set.of("10.9.0.2"), ips(queried.serviceInfo.hosts), "the sh consumer over gRPC");

            SubscribeServiceRequest subscribe = new SubscribeServiceRequest();
            subscribe.namespace = "public";
            subscribe.groupName = "DEFAULT_GROUP";
            subscribe.serviceName = "labelled";
            subscribe.clusters = "";
            subscribe.subscribe = true;
            SubscribeServiceResponse subscribed = (SubscribeServiceResponse) grpc.requestNow(subscribe);
            assertEquals(Set.of("10.9.0.2"), ips(subscribed.serviceInfo.hosts));

            assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/ns/instance").param("serviceName", "labelled")
                    .param("ip", "10.9.0.3").param("port", "80").send().statusCode());
            NotifySubscriberRequest push = assertInstanceOf(NotifySubscriberRequest.class, GrpcProtocolTest.pollPush(pushes));
            assertEquals(Set.of("10.9.0.2", "10.9.0.3"), ips(push.serviceInfo.hosts), "the push is narrowed too");
        }
    }

    @Test
    void selectorsOutsideTheGrammarAreRefused() {
        String services = server.baseUrl() + "/v2/ns/service";
        v2(HttpCall.post(services).param("serviceName", "bad-selector").param("selector",
                "{\"type\":\"label\",\"expression\":\"CONSUMER.label.a = PROVIDER.label.b\"}").send(), 400, 21006);
        v2(HttpCall.post(services).param("serviceName", "bad-selector").param("selector",
                "{\"type\":\"magic\",\"expression\":\"\"}").send(), 400, 21006);
        v2(HttpCall.get(services).param("serviceName", "bad-selector").send(), 400, 21008);
        assertTrue(json(HttpCall.get(server.baseUrl() + "/v1/ns/service").param("serviceName", "labelled").send(), 200)
                .path("selector").path("expression").asString().contains("CONSUMER.label.region"));
    }
}
