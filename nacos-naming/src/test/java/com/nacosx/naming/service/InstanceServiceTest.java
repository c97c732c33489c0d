package com.nacosx.naming.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.Instance;
import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.replication.CommandLog;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.core.readiness.LoadProgress;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.replication.LocalCommandLog;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.NamingSwitches;
import com.nacosx.naming.TestConnections;
import com.nacosx.naming.distro.ChangeClock;
import com.nacosx.naming.distro.DistroProtocol;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.push.GrpcSubscribers;
import com.nacosx.naming.push.UdpSubscribers;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.ServiceRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.StandardEnvironment;

/** Instance writes of a standalone node, in process: who owns an instance, and what each write may change. */
class InstanceServiceTest {

    static final ServiceKey KEY = new ServiceKey("public", "DEFAULT_GROUP", "svc");

    final ServiceRegistry registry = new ServiceRegistry();
    final AtomicInteger persisted = new AtomicInteger();
    final LocalCommandLog<ServiceRegistry> log = new LocalCommandLog<>(registry, persisted::incrementAndGet);
    final TestConnections connections = new TestConnections();
    final NamingProperties properties = new NamingProperties(null, null, null, null);
    final NamingSwitches switches = new NamingSwitches(properties);
    final ServerReadiness readiness = new ServerReadiness();
    final InstanceService instances = instanceService(registry, log, standaloneDistro(registry), connections, switches,
            readiness, properties);

    @BeforeEach
    void started() {
        readiness.onStarted();
    }
    final ServiceService services = new ServiceService(log, new GrpcSubscribers(), new UdpSubscribers());

    static DistroProtocol standaloneDistro(ServiceRegistry registry) {
        return standaloneDistro(registry, (ip, port) -> { });
    }

    static final ClusterSettings STANDALONE = new ClusterSettings(true, "127.0.0.1", 8848, 3, null, "file", "", 0, "",
            Path.of("cluster.conf"));
    static final AuthSettings AUTH = AuthSettings.from(new StandardEnvironment());
    static final PeerClients PEERS = new PeerClients(STANDALONE, AUTH);

    static ServerMemberManager standaloneMembers() {
        LegacyPeerHttp legacyPeers = new LegacyPeerHttp(new HttpServerProperties(null, null, null, null, null), AUTH);
        return new ServerMemberManager(STANDALONE, PEERS, legacyPeers, new ServerReadiness());
    }

    static InstanceService instanceService(ServiceRegistry registry, CommandLog<ServiceRegistry> log, DistroProtocol distro,
            TestConnections connections, NamingSwitches switches, ServerReadiness readiness, NamingProperties properties) {
        return new InstanceService(registry, log, distro, connections.manager, switches, readiness,
                new BeatPacing(properties), new ClosedWhileCutOff(standaloneMembers(), registry));
    }

    /** {@code onClaim} sees each claim before the protocol does. */
    static DistroProtocol standaloneDistro(ServiceRegistry registry, BiConsumer<String, Integer> onClaim) {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        return new DistroProtocol(registry, standaloneMembers(), PEERS, new ServerReadiness(),
                STANDALONE, meters, new LoadProgress(meters)) {
            @Override
            public void claim(String ip, int port) {
                onClaim.accept(ip, port);
                super.claim(ip, port);
            }
        };
    }

    static InstanceRecord instance(String ip, boolean ephemeral) {
        return new InstanceRecord(ip, 8080, "DEFAULT", 1.0, true, true, ephemeral, Map.of("k", "v"));
    }

    @Test
    void aConnectionOwnsItsInstanceUntilItDeregistersIt() {
        connections.connect("conn-1", "10.0.0.1");
        instances.registerForConnection("conn-1", KEY, instance("10.0.0.1", true));
        assertEquals(List.of("conn-1"), List.copyOf(registry.get(KEY).publications().keySet()));
        assertTrue(instances.deregisterForConnection("conn-1", KEY, "10.0.0.9", 8080, "OTHER"));
        assertTrue(registry.get(KEY).instances().isEmpty(), "a connection's single instance goes whatever was named");
    }

    @Test
    void aClosedConnectionTakesItsInstancesWithIt() {
        connections.connect("conn-9", "10.0.0.1");
        instances.registerForConnection("conn-9", KEY, instance("10.0.0.1", true));
        instances.register(KEY, instance("10.0.0.2", true));
        instances.connectionClosed("conn-9");
        assertEquals(List.of("10.0.0.2:8080#true"), List.copyOf(registry.get(KEY).publications().keySet()));
    }

    @Test
    void aRegisterFromAConnectionThatAlreadyClosedLeavesNothingBehind() {
        instances.registerForConnection("gone", KEY, instance("10.0.0.1", true));
        assertTrue(registry.get(KEY).instances().isEmpty());
        assertFalse(registry.clientIds().contains("gone"));
    }

    @Test
    void aBatchTakesEphemeralInstancesOnly() {
        connections.connect("conn-2", "10.0.0.2");
        NacosException refused = assertThrows(NacosException.class, () -> instances.batchRegisterForConnection("conn-2",
                KEY, List.of(instance("10.0.0.2", true), instance("10.0.0.3", false))));
        assertEquals(400, refused.errCode());
        instances.batchRegisterForConnection("conn-2", KEY, List.of(instance("10.0.0.2", true), instance("10.0.0.3", true)));
        assertEquals(2, registry.get(KEY).instanceCount());
    }

    @Test
    void aPersistentInstanceIsWrittenThroughTheLogAndPersistedBeforeTheWriteReturns() {
        instances.register(KEY, instance("10.0.0.4", false));
        assertEquals(1, persisted.get());
        assertTrue(registry.clientIds().contains("10.0.0.4:8080#false"));
        assertTrue(instances.deregister(KEY, "10.0.0.4", 8080, "DEFAULT", false));
        assertEquals(2, persisted.get());
        assertFalse(instances.deregister(KEY, "10.0.0.4", 8080, "DEFAULT", false), "already gone");
    }

    @Test
    void aRefusedWriteChangesNothingAndIsNotPersisted() {
        InstanceRecord heavy = new InstanceRecord("10.0.0.5", 8080, "DEFAULT", 20_000, true, true, false, Map.of());
        assertThrows(NacosException.class, () -> instances.register(KEY, heavy));
        assertEquals(0, persisted.get());
        assertNull(registry.get(KEY));
    }

    @Test
    void aBeatKeepsAKnownInstanceAndAFullBeatRegistersAnUnknownOne() {
        InstanceService.BeatAnswer light = instances.beat(KEY, "10.0.0.6", 8080, null, ChangeClock.now());
        assertFalse(light.known(), "a light beat of an unknown instance asks the client to register again");
        InstanceService.BeatAnswer full = instances.beat(KEY, "10.0.0.6", 8080, instance("10.0.0.6", true), ChangeClock.now());
        assertTrue(full.known());
        long interval = switches.clientBeatInterval();
        assertTrue(full.clientBeatInterval() <= interval
                && full.clientBeatInterval() >= interval - interval / BeatPacing.MOST_SHORTENED_PART,
                "the switch's interval, paced: " + full.clientBeatInterval());
        assertTrue(instances.beat(KEY, "10.0.0.6", 8080, null, ChangeClock.now()).known());
    }

    @Test
    void aBeatAPeerIsResponsibleForIsAnsweredFromTheCopyHereAndChangesNothingHere() {
        Map<String, String> ownInterval = Map.of(Instance.HEART_BEAT_INTERVAL_KEY, "2000");
        InstanceRecord copy = new InstanceRecord("10.0.0.6", 8080, "DEFAULT", 1.0, true, true, true, ownInterval);
        String clientId = ClientIds.ofAddress("10.0.0.6", 8080, true);
        registry.publish(clientId, KEY, true, List.of(copy));
        long lastBeat = registry.publication(clientId, KEY).lastBeat();

        InstanceService.BeatAnswer answer = instances.heldBeat(KEY, "10.0.0.6", 8080);

        assertTrue(answer.known());
        assertTrue(answer.clientBeatInterval() <= 2000 && answer.clientBeatInterval() >= 2000 - 2000
                / BeatPacing.MOST_SHORTENED_PART, "the instance's own interval, paced: " + answer.clientBeatInterval());
        assertEquals(switches.lightBeatEnabled(), answer.lightBeatEnabled());
        assertEquals(lastBeat, registry.publication(clientId, KEY).lastBeat(), "the responsible node keeps it alive");
        assertNull(instances.heldBeat(KEY, "10.0.0.7", 8080), "not held here: the responsible node answers");
        assertNull(instances.heldBeat(new ServiceKey("public", "DEFAULT_GROUP", "other"), "10.0.0.6", 8080),
                "held in another service only");
    }

    @Test
    void aBeatLandsBeforeItsClientIsClaimedSoNoBeatCheckSeesAClaimedClientWithAnOldBeat() {
        String clientId = ClientIds.ofAddress("10.0.0.7", 8080, true);
        AtomicLong lastBeatWhenClaimed = new AtomicLong();
        InstanceService claiming = instanceService(registry, log, standaloneDistro(registry,
                (ip, port) -> {
                    Publication held = registry.publication(clientId, KEY);
                    lastBeatWhenClaimed.set(held == null ? 0 : held.lastBeat());
                }), connections, switches, readiness, properties);
        claiming.register(KEY, instance("10.0.0.7", true));
        long registered = registry.publication(clientId, KEY).lastBeat();
        while (System.currentTimeMillis() <= registered) {
            Thread.onSpinWait();
        }
        long beaten = System.currentTimeMillis();

        assertTrue(claiming.beat(KEY, "10.0.0.7", 8080, null, ChangeClock.now()).known());
        assertTrue(lastBeatWhenClaimed.get() >= beaten, "claimed with the beat's time, not the registration's");
    }

    @Test
    void aLightBeatOfAnInstanceHeldInA1xMembersCopyTakesItOver() {
        InstanceRecord unhealthy = new InstanceRecord("10.0.0.8", 8080, "DEFAULT", 1.0, false, true, true, Map.of());
        registry.publish(ClientIds.ofLegacyDatum("com.alibaba.nacos.naming.iplist.ephemeral.public##DEFAULT_GROUP@@svc"),
                KEY, true, List.of(unhealthy));

        assertTrue(instances.beat(KEY, "10.0.0.8", 8080, null, ChangeClock.now()).known(), "served from the copy, as a 1.x node does");
        Publication own = registry.publication(ClientIds.ofAddress("10.0.0.8", 8080, true), KEY);
        assertEquals(List.of(unhealthy.withHealthy(true)), own.instances(), "registered here, and healthy by the beat");
        assertFalse(instances.beat(KEY, "10.0.0.9", 8080, null, ChangeClock.now()).known(), "not in the copy: unknown");
    }

    @Test
    void beforeTheNodeIsReadyALightBeatOfAnUnknownInstanceIsAnsweredAtOnceAndAppliedOnceItIsReady() {
        ServerReadiness starting = startingReadiness();
        InstanceService startingNode = instanceService(registry, log, standaloneDistro(registry), connections, switches,
                starting, properties);
        String loadedClient = ClientIds.ofAddress("10.0.0.6", 8080, true);

        assertTrue(startingNode.beat(KEY, "10.0.0.6", 8080, null, ChangeClock.now()).known(), "answered known while the node loads");
        assertTrue(startingNode.beat(KEY, "10.0.0.7", 8080, null, ChangeClock.now()).known(), "the node cannot tell yet");
        assertTrue(startingNode.beat(KEY, "10.0.0.5", 8080, instance("10.0.0.5", true), ChangeClock.now()).known(),
                "a full beat still registers the instance at once");
        assertNotNull(registry.publication(ClientIds.ofAddress("10.0.0.5", 8080, true), KEY));
        assertNull(registry.publication(ClientIds.ofAddress("10.0.0.7", 8080, true), KEY), "a light beat registers nothing");

        // The load brings 10.0.0.6, unhealthy where it was loaded from.
        registry.publish(loadedClient, KEY, true, List.of(instance("10.0.0.6", true)));
        registry.setHealthy(loadedClient, KEY, instance -> true, false);
        starting.open("a-load");

        assertTrue(registry.publication(loadedClient, KEY).instances().get(0).healthy(),
                "the beat taken while loading is applied once ready: the instance is healthy again");
        assertFalse(startingNode.beat(KEY, "10.0.0.7", 8080, null, ChangeClock.now()).known(),
                "ready, the node answers an instance the load did not bring as unknown: its client registers again");
        assertNull(registry.publication(ClientIds.ofAddress("10.0.0.7", 8080, true), KEY));
    }

    /** A node whose load has not finished: its gate closes while it is built, before it has started. */
    private static ServerReadiness startingReadiness() {
        ServerReadiness starting = new ServerReadiness();
        starting.close("a-load");
        starting.onStarted();
        return starting;
    }

    @Test
    void aPatchChangesOnlyTheFieldsItGives() {
        instances.register(KEY, instance("10.0.0.7", true));
        instances.patch(KEY, "10.0.0.7", 8080, "DEFAULT", new InstancePatch(3.0, null, false, null));
        InstanceRecord patched = registry.get(KEY).find("10.0.0.7", 8080, "DEFAULT");
        assertEquals(3.0, patched.weight());
        assertFalse(patched.enabled());
        assertTrue(patched.healthy());
        assertEquals(Map.of("k", "v"), patched.metadata());
        NacosException unknown = assertThrows(NacosException.class,
                () -> instances.patch(KEY, "10.0.0.8", 8080, "DEFAULT", new InstancePatch(1.0, null, null, null)));
        assertEquals(400, unknown.errCode());
    }

    @Test
    void healthIsSetByHandOnlyOnPersistentInstancesOfAnUncheckedCluster() {
        instances.register(KEY, instance("10.0.0.9", true));
        assertThrows(NacosException.class, () -> instances.setHealthByHand(KEY, "10.0.0.9", 8080, "DEFAULT", false),
                "an ephemeral instance's health follows its client");
        ServiceKey durable = new ServiceKey("public", "DEFAULT_GROUP", "durable");
        instances.register(durable, instance("10.0.1.1", false));
        assertThrows(NacosException.class, () -> instances.setHealthByHand(durable, "10.0.1.1", 8080, "DEFAULT", false),
                "the TCP checker still decides");
        services.updateCluster(durable, "DEFAULT", new ClusterMeta("NONE", "", 80, true, Map.of()));
        instances.setHealthByHand(durable, "10.0.1.1", 8080, "DEFAULT", false);
        assertFalse(registry.get(durable).find("10.0.1.1", 8080, "DEFAULT").healthy());
    }

    @Test
    void anUnknownHealthCheckerIsRefusedBeforeItIsWritten() {
        services.create(KEY, false, ServiceMeta.DEFAULT);
        int writes = persisted.get();
        assertThrows(NacosException.class, () -> services.updateCluster(KEY, "DEFAULT",
                new ClusterMeta("MYSQL", "", 80, true, Map.of())));
        assertEquals(writes, persisted.get());
    }

    @Test
    void aMetadataBatchChangesOnlyInstancesThisNodeOwnsOverHttp() {
        connections.connect("conn-3", "10.0.2.1");
        instances.registerForConnection("conn-3", KEY, instance("10.0.2.1", true));
        instances.register(KEY, instance("10.0.2.2", true));
        List<String> changed = instances.changeMetadata(KEY, true, List.of(), Map.of("zone", "a"), false);
        assertEquals(List.of("10.0.2.2:8080:unknown:DEFAULT:ephemeral"), changed);
        assertEquals(Map.of("k", "v"), registry.get(KEY).find("10.0.2.1", 8080, "DEFAULT").metadata());
        assertEquals(Map.of("k", "v", "zone", "a"), registry.get(KEY).find("10.0.2.2", 8080, "DEFAULT").metadata());
    }

    @Test
    void metadataWithANullValueIsRefusedBeforeAnythingIsBuiltFromIt() {
        Instance sent = new Instance();
        sent.ip = "10.0.3.1";
        sent.port = 8080;
        sent.metadata = new HashMap<>();
        sent.metadata.put("k", null);
        NacosException refused = assertThrows(NacosException.class, () -> InstanceRecord.from(sent, true));
        assertEquals(400, refused.errCode());
    }
}
