package com.nacosx.naming.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.naming.NotifySubscriberRequest;
import com.nacosx.core.env.NacosServerProperties;
import com.nacosx.core.remote.OutboundPush;
import com.nacosx.core.remote.ServerPush;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.NamingSwitches;
import com.nacosx.naming.TestConnections;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.selector.CmdbLabels;
import com.nacosx.naming.selector.ServiceSelector;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pushes of changed services to gRPC subscribers, in process, over streams that record what they are sent. */
class PushSchedulerTest {

    static final ServiceKey KEY = new ServiceKey("public", "DEFAULT_GROUP", "svc");
    static final Duration WINDOW = Duration.ofSeconds(1);

    final ServiceRegistry registry = new ServiceRegistry();
    final TestConnections connections = new TestConnections();
    final GrpcSubscribers subscribers = new GrpcSubscribers();
    final NamingProperties properties = new NamingProperties(
            new NamingProperties.Push(WINDOW, null, null, null, null), null, null, null);
    final UdpPusher udp;
    final PushScheduler pushes;

    PushSchedulerTest() throws Exception {
        udp = new UdpPusher(properties);
        pushes = new PushScheduler(registry, subscribers, new UdpSubscribers(), udp,
                new ServerPush(connections.manager, new SimpleMeterRegistry()), properties,
                new NamingSwitches(properties), new ServiceSelector(new CmdbLabels(
                        new NacosServerProperties("target/no-home", true))), connections.manager);
        registry.addListener(pushes);
    }

    @AfterEach
    void stop() throws Exception {
        pushes.destroy();
        udp.destroy();
    }

    static InstanceRecord instance(String ip, String cluster) {
        return new InstanceRecord(ip, 8080, cluster, 1.0, true, true, true, Map.of());
    }

    static List<String> ipsOf(OutboundPush push) {
        return ((NotifySubscriberRequest) push.request()).serviceInfo.hosts.stream().map(host -> host.ip).sorted()
                .toList();
    }

    /** Waits for a condition, as long as a busy machine needs, and fails only after a minute. */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never happened: " + what);
            }
            Thread.sleep(10);
        }
    }

    @Test
    void eachSubscriberIsPushedTheClustersItAskedFor() throws Exception {
        TestConnections.RecordingChannel all = connections.connect("conn-all", "10.1.0.1");
        TestConnections.RecordingChannel onlyA = connections.connect("conn-a", "10.1.0.2");
        subscribers.subscribe("conn-all", KEY, "");
        subscribers.subscribe("conn-a", KEY, "A");
        registry.publish("publisher", KEY, true, List.of(instance("10.0.0.1", "A"), instance("10.0.0.2", "B")));
        await("both subscribers pushed", () -> !all.sent.isEmpty() && !onlyA.sent.isEmpty());
        assertEquals(List.of("10.0.0.1", "10.0.0.2"), ipsOf(all.sent.get(0)));
        assertEquals(List.of("10.0.0.1"), ipsOf(onlyA.sent.get(0)));
    }

    @Test
    void changesWithinTheWindowAreFoldedIntoOnePushOfTheLatestView() throws Exception {
        TestConnections.RecordingChannel channel = connections.connect("conn-1", "10.1.0.3");
        subscribers.subscribe("conn-1", KEY, "");
        registry.publish("p1", KEY, true, List.of(instance("10.0.0.1", "A")));
        await("the first change pushed at once", () -> channel.sent.size() == 1);
        registry.publish("p2", KEY, true, List.of(instance("10.0.0.2", "A")));
        registry.publish("p3", KEY, true, List.of(instance("10.0.0.3", "A")));
        registry.publish("p4", KEY, true, List.of(instance("10.0.0.4", "A")));
        await("the burst pushed at the window's end", () -> channel.sent.size() >= 2);
        Thread.sleep(WINDOW.toMillis() * 2);
        assertEquals(2, channel.sent.size(), "three changes in one window, one push");
        assertEquals(List.of("10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"), ipsOf(channel.sent.get(1)));
    }

    /**
     * A subscriber that moved to this node subscribes again (the SDK's redo) and ignores the answer:
     * it is pushed the view once, itself only, so a change it missed while it moved reaches it.
     */
    @Test
    void aNewSubscriberAloneIsPushedTheViewAfterTheDelay() throws Exception {
        registry.publish("p1", KEY, true, List.of(instance("10.0.0.1", "A")));
        TestConnections.RecordingChannel earlier = connections.connect("conn-earlier", "10.1.0.5");
        TestConnections.RecordingChannel moved = connections.connect("conn-moved", "10.1.0.6");
        subscribers.subscribe("conn-earlier", KEY, "");
        subscribers.subscribe("conn-moved", KEY, "");
        pushes.subscribed("conn-moved", KEY);
        await("the new subscriber pushed", () -> !moved.sent.isEmpty());
        assertEquals(List.of("10.0.0.1"), ipsOf(moved.sent.get(0)));
        Thread.sleep(WINDOW.toMillis());
        assertTrue(earlier.sent.isEmpty(), "the other subscriber has nothing new");
    }

    @Test
    void aServiceNobodySubscribesToIsNotPushed() throws Exception {
        TestConnections.RecordingChannel channel = connections.connect("conn-2", "10.1.0.4");
        subscribers.subscribe("conn-2", new ServiceKey("public", "DEFAULT_GROUP", "other"), "");
        registry.publish("p1", KEY, true, List.of(instance("10.0.0.1", "A")));
        Thread.sleep(WINDOW.toMillis() * 2);
        assertTrue(channel.sent.isEmpty());
        assertEquals(0, pushes.pendingCount());
    }
}
