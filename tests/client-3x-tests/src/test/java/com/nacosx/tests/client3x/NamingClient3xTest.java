package com.nacosx.tests.client3x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.AbstractFuzzyWatchEventWatcher;
import com.alibaba.nacos.api.naming.listener.Event;
import com.alibaba.nacos.api.naming.listener.FuzzyWatchChangeEvent;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TestServers;
import java.net.http.HttpResponse;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official nacos-client 3.x NamingService on the default namespace and on one of its own,
 * with 1.x-style HTTP registrations beside it, and fuzzy watch of services. On a cluster the
 * registrations made "elsewhere" go through another node than the client's.
 */
class NamingClient3xTest {

    static ServerProcess server;
    static ServerProcess elsewhere;
    static NamingService client;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start();
        elsewhere = TestServers.elsewhere(server);
        client = clientFor(null);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (client != null) {
                client.shutDown();
            }
        } finally {
            TestServers.stop(server);
        }
    }

    static NamingService clientFor(String namespace) throws Exception {
        return NacosFactory.createNamingService(Clients3x.properties(server, namespace));
    }

    /** Registers a persistent instance over the 1.x HTTP API on another node, without naming a namespace. */
    static void registerOverHttp(String service, String ip) {
        registerOverHttp(service, ip, false);
    }

    static void registerOverHttp(String service, String ip, boolean ephemeral) {
        instanceOverHttp(HttpCall.post(elsewhere.baseUrl() + "/v1/ns/instance"), service, ip, ephemeral);
    }

    static void deregisterOverHttp(String service, String ip) {
        deregisterOverHttp(service, ip, false);
    }

    static void deregisterOverHttp(String service, String ip, boolean ephemeral) {
        instanceOverHttp(HttpCall.delete(elsewhere.baseUrl() + "/v1/ns/instance"), service, ip, ephemeral);
    }

    private static void instanceOverHttp(HttpCall call, String service, String ip, boolean ephemeral) {
        HttpResponse<String> answer = call.param("serviceName", service).param("ip", ip).param("port", "8080")
                .param("ephemeral", String.valueOf(ephemeral)).send();
        assertEquals(200, answer.statusCode(), answer.body());
    }

    static String listOverHttp(String service, String namespaceId) {
        return listOn(elsewhere, service, namespaceId);
    }

    /** The instance list {@code node} answers over the 1.x HTTP API. */
    static String listOn(ServerProcess node, String service, String namespaceId) {
        return HttpCall.get(node.baseUrl() + "/v1/ns/instance/list").param("serviceName", service)
                .param("namespaceId", namespaceId).send().body();
    }

    @Test
    void defaultNamespaceIsOneNamespaceForEveryGeneration() throws Exception {
        client.registerInstance("gen-svc", "10.3.0.1", 8080);
        Await.until(5000, () -> listOverHttp("gen-svc", "").contains("10.3.0.1"), "a 1.x reader sees it in ''");
        assertTrue(listOverHttp("gen-svc", "public").contains("10.3.0.1"));

        BlockingQueue<Set<String>> pushed = new LinkedBlockingQueue<>();
        client.subscribe("gen-svc", (Event event) -> {
            if (event instanceof NamingEvent naming) {
                Set<String> ips = new HashSet<>();
                naming.getInstances().forEach(instance -> ips.add(instance.getIp()));
                pushed.add(ips);
            }
        });
        registerOverHttp("gen-svc", "10.3.0.2", true);
        // 1.x-style ephemeral, as a 1.x client registers (it would beat; the test is over before it is missed)
        Await.until(5000, () -> Set.of("10.3.0.1", "10.3.0.2").equals(pushed.peek() == null ? null : last(pushed)),
                "the 3.x subscriber is pushed the instance a 1.x-style client registered");
        deregisterOverHttp("gen-svc", "10.3.0.2", true);
        client.deregisterInstance("gen-svc", "10.3.0.1", 8080);
    }

    /** The newest list pushed so far, leaving it in the queue for the next look. */
    private static Set<String> last(BlockingQueue<Set<String>> pushed) {
        Set<String> newest = null;
        for (Set<String> ips : pushed) {
            newest = ips;
        }
        return newest;
    }

    @Test
    void aNamespaceOfItsOwn() throws Exception {
        HttpCall.post(server.baseUrl() + "/v1/console/namespaces").param("customNamespaceId", "dev3n")
                .param("namespaceName", "dev3n").param("namespaceDesc", "3.x tests").send();
        NamingService dev = clientFor("dev3n");
        try {
            dev.registerInstance("own-svc", "10.3.1.1", 8080);
            Await.until(5000, () -> listOverHttp("own-svc", "dev3n").contains("10.3.1.1"), "listed in its namespace");
            assertTrue(!listOverHttp("own-svc", "").contains("10.3.1.1"), "not in the default namespace");
            List<Instance> seen = dev.getAllInstances("own-svc");
            assertEquals(1, seen.size());
        } finally {
            dev.shutDown();
        }
    }

    static final class Events extends AbstractFuzzyWatchEventWatcher {

        final BlockingQueue<FuzzyWatchChangeEvent> received = new LinkedBlockingQueue<>();

        @Override
        public void onEvent(FuzzyWatchChangeEvent event) {
            received.add(event);
        }

        String next(long idleMillis) throws InterruptedException {
            FuzzyWatchChangeEvent event = received.poll(Patience.millis(idleMillis), TimeUnit.MILLISECONDS);
            return event == null ? null : event.getServiceName() + " " + event.getChangeType();
        }
    }

    @Test
    void fuzzyWatchListsServicesThenTellsComingsAndGoings() throws Exception {
        client.registerInstance("fz-svc-1", "10.3.2.1", 8080);
        registerOverHttp("fz-svc-2", "10.3.2.2");
        client.registerInstance("fz-else", "10.3.2.9", 8080);
        // fz-svc-2 goes through the Raft group from the other node: the client's node lists it once it applied it.
        Await.until(5000, () -> listOverHttp("fz-svc-1", "").contains("10.3.2.1")
                && listOn(server, "fz-svc-2", "").contains("10.3.2.2"), "registered everywhere");
        Events events = new Events();
        List<String> listed = client.fuzzyWatchWithServiceKeys("fz-svc-*", "DEFAULT_GROUP", events)
                .get(Patience.millis(10_000), TimeUnit.MILLISECONDS).getData();
        assertEquals(Set.of("public@@DEFAULT_GROUP@@fz-svc-1", "public@@DEFAULT_GROUP@@fz-svc-2"), Set.copyOf(listed));
        assertEquals(Set.of("fz-svc-1 ADD_SERVICE", "fz-svc-2 ADD_SERVICE"), Set.of(events.next(5000), events.next(5000)));

        registerOverHttp("fz-svc-3", "10.3.2.3");
        assertEquals("fz-svc-3 ADD_SERVICE", events.next(5000), "registered through another node");
        registerOverHttp("fz-else-2", "10.3.2.8");
        registerOverHttp("fz-svc-3", "10.3.2.4");
        deregisterOverHttp("fz-svc-2", "10.3.2.2");
        assertEquals("fz-svc-2 DELETE_SERVICE", events.next(5000),
                "a service outside the pattern and a second instance are not told; the last instance going is");

        client.cancelFuzzyWatch("fz-svc-*", "DEFAULT_GROUP", events);
        registerOverHttp("fz-svc-4", "10.3.2.5");
        assertNull(events.next(1000), "nothing after the cancel");
    }
}
