package com.nacosx.tests.client1x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.naming.InstanceRequest;
import com.nacosx.api.remote.naming.NotifySubscriberRequest;
import com.nacosx.api.remote.naming.SubscribeServiceRequest;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TestServers;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The official nacos-client 1.4.8 NamingService (HTTP registration and beats, UDP push), used as
 * applications use it, and side by side with a 2.x client speaking gRPC.
 */
// Each test has a service and addresses of its own; most of their time is spent waiting out
// the 1.x beat and delete timeouts, which they can do side by side.
@Execution(ExecutionMode.CONCURRENT)
class NamingClient1xTest {

    static ServerProcess server;
    static NamingService client;

    @BeforeAll
    static void start() throws Exception {
        // The 1.4 client gives the server this address for UDP pushes; keep them on loopback.
        System.setProperty("com.alibaba.nacos.client.naming.local.ip", "127.0.0.1");
        server = TestServers.start();
        client = newClient();
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

    static NamingService newClient() throws Exception {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, server.address());
        return NacosFactory.createNamingService(properties);
    }

    static Instance instance(String ip, int port, Map<String, String> metadata) {
        Instance instance = new Instance();
        instance.setIp(ip);
        instance.setPort(port);
        instance.setMetadata(metadata);
        return instance;
    }

    static List<Instance> all(String service) {
        try {
            return client.getAllInstances(service, false);
        } catch (NacosException e) {
            throw new IllegalStateException(e);
        }
    }

    static <T> T waitFor(BlockingQueue<T> queue, Predicate<T> wanted, long millis) throws InterruptedException {
        long allowed = Patience.millis(millis);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(allowed);
        while (true) {
            T item = queue.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (item == null) {
                throw new AssertionError("nothing matching within " + allowed + " ms");
            }
            if (wanted.test(item)) {
                return item;
            }
        }
    }

    @Test
    void registerListDeregister() throws Exception {
        client.registerInstance("crud1x", "127.0.0.11", 8080);
        Await.until(3000, () -> all("crud1x").size() == 1, "registered");
        Instance read = all("crud1x").get(0);
        assertEquals("127.0.0.11", read.getIp());
        assertTrue(read.isHealthy());
        client.deregisterInstance("crud1x", "127.0.0.11", 8080);
        Await.until(3000, () -> all("crud1x").isEmpty(), "deregistered");
    }

    /** Beats every second keep an instance whose timeouts are 3 s and 5 s alive well past them. */
    @Test
    void beatsKeepTheInstanceAlive() throws Exception {
        client.registerInstance("beating", instance("127.0.0.12", 8080, Map.of(
                "preserved.heart.beat.interval", "1000", "preserved.heart.beat.timeout", "3000",
                "preserved.ip.delete.timeout", "5000")));
        Await.until(3000, () -> all("beating").size() == 1, "registered");
        Thread.sleep(12_000);
        List<Instance> after = all("beating");
        assertEquals(1, after.size(), "still registered after more than twice its delete timeout");
        assertTrue(after.get(0).isHealthy());
    }

    @Test
    void subscriberIsPushedOverUdpWithinOneSecond() throws Exception {
        BlockingQueue<NamingEvent> events = new LinkedBlockingQueue<>();
        client.subscribe("udp-watched", event -> events.add((NamingEvent) event));
        Thread.sleep(500);
        NamingService other = newClient();
        try {
            other.registerInstance("udp-watched", "127.0.0.13", 9090);
            NamingEvent added = waitFor(events, e -> e.getInstances().size() == 1, 1000);
            assertEquals("127.0.0.13", added.getInstances().get(0).getIp());
            other.deregisterInstance("udp-watched", "127.0.0.13", 9090);
            waitFor(events, e -> e.getInstances().isEmpty(), 1000);
        } finally {
            other.shutDown();
        }
    }

    /** A client that stops beating (shut down without deregistering) loses its instance within 35 s. */
    @Test
    void silentInstanceIsRemoved() throws Exception {
        NamingService leaving = newClient();
        leaving.registerInstance("silent", "127.0.0.14", 7070);
        Await.until(3000, () -> all("silent").size() == 1, "registered");
        long stopped = System.currentTimeMillis();
        leaving.shutDown();
        Await.until(35_000, () -> all("silent").isEmpty(), "removed after its beats stopped");
        assertTrue(System.currentTimeMillis() - stopped >= 15_000, "not removed before its beat timeout");
    }

    /** A 2.x instance (gRPC) reaches the 1.x subscriber by UDP, and a 1.x instance the 2.x subscriber by gRPC. */
    @Test
    void bothGenerationsSeeEachOther() throws Exception {
        BlockingQueue<NamingEvent> udpEvents = new LinkedBlockingQueue<>();
        client.subscribe("mixed", event -> udpEvents.add((NamingEvent) event));
        BlockingQueue<ServerRequest> grpcPushes = new LinkedBlockingQueue<>();
        try (NacosGrpcClient grpc = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), null, null, grpcPushes::add)) {
            grpc.setUp(Map.of()).join();
            SubscribeServiceRequest subscribe = new SubscribeServiceRequest();
            subscribe.serviceName = "mixed";
            subscribe.groupName = "DEFAULT_GROUP";
            subscribe.namespace = "public";
            subscribe.subscribe = true;
            assertTrue(grpc.requestNow(subscribe).isSuccess());

            InstanceRequest register = new InstanceRequest();
            register.serviceName = "mixed";
            register.groupName = "DEFAULT_GROUP";
            register.namespace = "public";
            register.type = InstanceRequest.REGISTER;
            register.instance = new com.nacosx.api.naming.Instance();
            register.instance.ip = "127.0.0.21";
            register.instance.port = 2000;
            assertTrue(grpc.requestNow(register).isSuccess());
            waitFor(udpEvents, e -> e.getInstances().stream().anyMatch(i -> i.getIp().equals("127.0.0.21")), 1000);

            client.registerInstance("mixed", "127.0.0.22", 2000);
            ServerRequest push = waitFor(grpcPushes, p -> p instanceof NotifySubscriberRequest n
                    && n.serviceInfo.hosts.stream().anyMatch(h -> h.ip.equals("127.0.0.22")), 1000);
            assertEquals(2, ((NotifySubscriberRequest) push).serviceInfo.hosts.size());
        }
        Await.until(3000, () -> all("mixed").stream().noneMatch(i -> i.getIp().equals("127.0.0.21")),
                "the 2.x instance goes with its connection");
    }
}
