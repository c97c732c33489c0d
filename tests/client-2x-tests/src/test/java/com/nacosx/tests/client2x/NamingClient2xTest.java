package com.nacosx.tests.client2x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.alibaba.nacos.api.naming.pojo.ListView;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TestServers;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The official nacos-client 2.5.1 NamingService over gRPC, used as applications use it. */
class NamingClient2xTest {

    static ServerProcess server;
    static NamingService client;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start();
        client = clientFor("");
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
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, server.address());
        properties.put(PropertyKeyConst.NAMESPACE, namespace);
        return NacosFactory.createNamingService(properties);
    }

    static Instance instance(String ip, int port, String cluster) {
        Instance instance = new Instance();
        instance.setIp(ip);
        instance.setPort(port);
        instance.setClusterName(cluster);
        instance.setWeight(2.0);
        instance.setMetadata(Map.of("version", "1"));
        return instance;
    }

    static Set<String> addresses(List<Instance> instances) {
        return instances.stream().map(i -> i.getIp() + ":" + i.getPort()).collect(Collectors.toSet());
    }

    @Test
    void registerQueryDeregister() throws Exception {
        NamingService other = clientFor("");
        try {
            client.registerInstance("crud", "127.0.0.11", 8080);
            other.registerInstance("crud", "DEFAULT_GROUP", instance("127.0.0.12", 8080, "DEFAULT"));
            Await.until(3000, () -> query("crud", false).size() == 2, "both clients' instances listed");
            Instance read = query("crud", false).stream().filter(i -> i.getIp().equals("127.0.0.12")).findFirst()
                    .orElseThrow();
            assertEquals(2.0, read.getWeight());
            assertEquals("1", read.getMetadata().get("version"));
            assertEquals("127.0.0.12#8080#DEFAULT#DEFAULT_GROUP@@crud", read.getInstanceId());
            assertTrue(read.isEphemeral());

            client.deregisterInstance("crud", "127.0.0.11", 8080);
            Await.until(3000, () -> addresses(query("crud", false)).equals(Set.of("127.0.0.12:8080")),
                    "the deregistered instance is gone");
        } finally {
            other.shutDown();
        }
    }

    /** As in the official server, a client holds one instance per service; batchRegister holds several. */
    @Test
    void registeringAgainReplacesTheClientsInstance() throws Exception {
        client.registerInstance("moved", "127.0.0.13", 1);
        client.registerInstance("moved", "127.0.0.14", 2);
        Await.until(3000, () -> addresses(query("moved", false)).equals(Set.of("127.0.0.14:2")),
                "only the latest registration is listed");
    }

    static List<Instance> query(String service, boolean subscribe) {
        try {
            return client.getAllInstances(service, subscribe);
        } catch (NacosException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void selectHealthyAndOne() throws Exception {
        client.registerInstance("select", instance("127.0.0.21", 9000, "DEFAULT"));
        Await.until(3000, () -> query("select", false).size() == 1, "registered");
        List<Instance> healthy = client.selectInstances("select", true, false);
        assertEquals(Set.of("127.0.0.21:9000"), addresses(healthy));
        assertTrue(client.selectInstances("select", false, false).isEmpty(), "no unhealthy instances");
        Instance one = client.selectOneHealthyInstance("select", false);
        assertEquals("127.0.0.21", one.getIp());
    }

    @Test
    void subscriberSeesAddAndRemoveWithinOneSecond() throws Exception {
        NamingService other = clientFor("");
        try {
            BlockingQueue<NamingEvent> events = new LinkedBlockingQueue<>();
            client.subscribe("watched", event -> events.add((NamingEvent) event));
            Thread.sleep(500);
            events.clear();

            other.registerInstance("watched", "127.0.0.31", 7000);
            NamingEvent added = waitFor(events, e -> e.getInstances().size() == 1, 1);
            assertEquals("127.0.0.31", added.getInstances().get(0).getIp());

            other.deregisterInstance("watched", "127.0.0.31", 7000);
            assertNotNull(waitFor(events, e -> e.getInstances().isEmpty(), 1), "removal pushed within 1 s");
        } finally {
            other.shutDown();
        }
    }

    static NamingEvent waitFor(BlockingQueue<NamingEvent> events, Predicate<NamingEvent> wanted,
            int seconds) throws InterruptedException {
        long allowed = Patience.millis(TimeUnit.SECONDS.toMillis(seconds));
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(allowed);
        while (true) {
            long left = deadline - System.nanoTime();
            NamingEvent event = events.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
            if (event == null) {
                throw new AssertionError("no matching event within " + allowed + " ms");
            }
            if (wanted.test(event)) {
                return event;
            }
        }
    }

    @Test
    void batchRegister() throws Exception {
        client.batchRegisterInstance("batch", "DEFAULT_GROUP", List.of(instance("127.0.0.41", 1, "DEFAULT"),
                instance("127.0.0.42", 2, "DEFAULT"), instance("127.0.0.43", 3, "DEFAULT")));
        Await.until(3000, () -> query("batch", false).size() == 3, "the whole batch is listed");
        client.batchDeregisterInstance("batch", "DEFAULT_GROUP", List.of(instance("127.0.0.41", 1, "DEFAULT")));
        Await.until(3000, () -> addresses(query("batch", false)).equals(Set.of("127.0.0.42:2", "127.0.0.43:3")),
                "the batch without the deregistered one");
    }

    @Test
    void clustersAndGroups() throws Exception {
        client.registerInstance("zoned", "GROUP_A", instance("127.0.0.51", 80, "east"));
        client.registerInstance("zoned", "GROUP_B", instance("127.0.0.52", 80, "west"));
        Await.until(3000, () -> {
            try {
                return client.getAllInstances("zoned", "GROUP_A", false).size() == 1;
            } catch (NacosException e) {
                return false;
            }
        }, "registered");
        assertEquals(Set.of("127.0.0.51:80"), addresses(client.getAllInstances("zoned", "GROUP_A", false)));
        assertEquals(Set.of("127.0.0.52:80"), addresses(client.getAllInstances("zoned", "GROUP_B", false)));
        assertEquals("east", client.getAllInstances("zoned", "GROUP_A", false).get(0).getClusterName());
        assertEquals(1, client.getAllInstances("zoned", "GROUP_A", List.of("east"), false).size());
        assertTrue(client.getAllInstances("zoned", "GROUP_A", List.of("west"), false).isEmpty());
        assertTrue(client.getAllInstances("zoned", false).isEmpty(), "DEFAULT_GROUP holds no such service");
    }

    @Test
    void servicesOfServerPaging() throws Exception {
        for (int i = 0; i < 5; i++) {
            client.registerInstance("paged-" + i, "PAGING", instance("127.0.0.61", 100 + i, "DEFAULT"));
        }
        ListView<String> first = client.getServicesOfServer(1, 3, "PAGING");
        ListView<String> second = client.getServicesOfServer(2, 3, "PAGING");
        assertEquals(5, first.getCount());
        assertEquals(3, first.getData().size());
        assertEquals(2, second.getData().size());
        assertEquals(Set.of("paged-0", "paged-1", "paged-2", "paged-3", "paged-4"),
                Stream.concat(first.getData().stream(), second.getData().stream())
                        .collect(Collectors.toSet()));
    }

    @Test
    void instancesGoWithTheirClient() throws Exception {
        NamingService leaving = clientFor("");
        leaving.registerInstance("leaving", "127.0.0.71", 6000);
        Await.until(3000, () -> query("leaving", true).size() == 1, "registered");
        leaving.shutDown();
        Await.until(5000, () -> query("leaving", true).isEmpty(), "instances gone after the client's shutdown");
    }

    @Test
    void namespacesAreSeparate() throws Exception {
        NamingService dev = clientFor("dev");
        try {
            dev.registerInstance("isolated", "127.0.0.81", 1);
            Await.until(3000, () -> {
                try {
                    return dev.getAllInstances("isolated", false).size() == 1;
                } catch (NacosException e) {
                    return false;
                }
            }, "registered in dev");
            assertTrue(query("isolated", false).isEmpty(), "not visible in public");
        } finally {
            dev.shutDown();
        }
    }

    @Test
    void badInstanceIsRefusedWithItsReason() {
        Instance bad = instance("127.0.0.91", 1, "DEFAULT");
        bad.setWeight(-1);
        NacosException error = assertThrows(NacosException.class, () -> client.registerInstance("bad", bad));
        assertTrue(error.getErrMsg().contains("weight"), error.getErrMsg());
        assertFalse(HttpCall.get(server.baseUrl() + "/v1/ns/instance/list").param("serviceName", "bad").send().body()
                .contains("127.0.0.91"), "nothing half-registered");
    }

    /**
     * Side by side with a 1.x client speaking HTTP: its instance reaches the 2.x subscriber, and
     * the 2.x instance reaches it as the UDP datagram the 1.4 client reads.
     */
    @Test
    void bothGenerationsSeeEachOther() throws Exception {
        BlockingQueue<NamingEvent> events = new LinkedBlockingQueue<>();
        client.subscribe("mixed", event -> events.add((NamingEvent) event));
        HttpCall.post(server.baseUrl() + "/v1/ns/instance").param("serviceName", "mixed").param("ip", "127.0.0.95")
                .param("port", "1").send();
        // What is tested here is that each generation sees the other, not how soon: the push's
        // latency has its own test, and under a loaded CI host 1 s was not always enough.
        waitFor(events, e -> e.getInstances().stream().anyMatch(i -> i.getIp().equals("127.0.0.95")), 10);

        try (DatagramSocket udp = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            udp.setSoTimeout((int) Patience.millis(10_000));
            HttpCall.get(server.baseUrl() + "/v1/ns/instance/list").param("serviceName", "DEFAULT_GROUP@@mixed")
                    .param("udpPort", String.valueOf(udp.getLocalPort())).param("clientIP", "127.0.0.1").send();
            client.registerInstance("mixed", "127.0.0.96", 2);
            DatagramPacket packet = new DatagramPacket(new byte[65536], 65536);
            udp.receive(packet);
            String datagram = new String(unzipped(packet), StandardCharsets.UTF_8);
            assertTrue(datagram.startsWith("{\"type\":\"dom\""), datagram);
            assertTrue(datagram.contains("127.0.0.96") && datagram.contains("127.0.0.95"), datagram);
        }
    }

    /** The server gzips datagrams above 1 KiB, as the 1.4 client expects. */
    static byte[] unzipped(DatagramPacket packet) throws IOException {
        byte[] bytes = Arrays.copyOf(packet.getData(), packet.getLength());
        if (bytes.length > 2 && bytes[0] == (byte) 0x1f && bytes[1] == (byte) 0x8b) {
            try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
                return in.readAllBytes();
            }
        }
        return bytes;
    }

    /**
     * An operator takes a 2.x client's instance offline and changes its weight over HTTP (as the
     * console does), through every node in turn: the client's subscription stops seeing it as
     * enabled, every node lists it so, and a client that registers it again finds it still offline.
     */
    @Test
    void anInstanceAnOperatorTookOfflineStaysOfflineOnEveryNodeAndAcrossARegisterAgain() throws Exception {
        NamingService owner = clientFor("");
        try {
            owner.batchRegisterInstance("operated", "DEFAULT_GROUP",
                    List.of(instance("127.0.0.61", 80, "DEFAULT"), instance("127.0.0.62", 80, "DEFAULT")));
            BlockingQueue<List<Instance>> seen = new LinkedBlockingQueue<>();
            client.subscribe("operated", event -> seen.add(((NamingEvent) event).getInstances()));
            Await.until(5000, () -> enabledIps(seen).equals(Set.of("127.0.0.61", "127.0.0.62")), "both seen enabled");

            List<ServerProcess> nodes = TestServers.nodesOf(server);
            // Distro brings the client's instances to the other nodes within a moment; until then a
            // node that does not have them answers an update "instance not exist".
            for (ServerProcess node : nodes) {
                Await.until(5000, () -> listed(node).contains("\"ip\":\"127.0.0.61\""), node.port() + " lists 127.0.0.61");
            }
            ServerProcess through = nodes.get(nodes.size() - 1);
            var answer = HttpCall.put(through.baseUrl() + "/v1/ns/instance").param("serviceName", "operated")
                    .param("ip", "127.0.0.61").param("port", "80").param("clusterName", "DEFAULT")
                    .param("ephemeral", "true").param("enabled", "false").param("weight", "7")
                    .param("metadata", "{\"version\":\"1\"}").send();
            assertEquals(200, answer.statusCode(), answer.body());
            Await.until(5000, () -> enabledIps(seen).equals(Set.of("127.0.0.62")), "the subscriber sees 127.0.0.61 offline");
            for (ServerProcess node : nodes) {
                Await.until(5000, () -> listed(node).contains("\"ip\":\"127.0.0.61\"")
                        && listed(node).contains("\"enabled\":false") && listed(node).contains("\"weight\":7.0"),
                        node.port() + " lists 127.0.0.61 offline with weight 7: " + listed(node));
            }

            owner.batchRegisterInstance("operated", "DEFAULT_GROUP",
                    List.of(instance("127.0.0.61", 80, "DEFAULT"), instance("127.0.0.62", 80, "DEFAULT")));
            Thread.sleep(Patience.millis(1000));
            assertEquals(Set.of("127.0.0.62"), enabledIps(seen), "registered again, it stays offline");
        } finally {
            owner.shutDown();
        }
    }

    static Set<String> enabledIps(BlockingQueue<List<Instance>> seen) {
        List<Instance> latest = List.of();
        for (List<Instance> each : seen) {
            latest = each;
        }
        return latest.stream().filter(Instance::isEnabled).map(Instance::getIp).collect(Collectors.toSet());
    }

    static String listed(ServerProcess node) {
        return HttpCall.get(node.baseUrl() + "/v1/ns/catalog/instances").param("serviceName", "operated")
                .param("clusterName", "DEFAULT").param("pageNo", "1").param("pageSize", "10").send().body();
    }
}
