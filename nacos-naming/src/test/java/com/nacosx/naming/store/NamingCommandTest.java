package com.nacosx.naming.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.Instance;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceOverride;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.core.env.NacosServerProperties;
import com.nacosx.core.readiness.LoadProgress;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/** Naming commands survive the trip through the Raft log and act the same on every registry. */
class NamingCommandTest {

    static final ServiceKey KEY = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    static final InstanceRecord INSTANCE =
            new InstanceRecord("10.0.0.1", 8080, "east", 2.5, true, true, false, Map.of("zone", "a"));

    static NamingCommand roundTrip(NamingCommand command) {
        byte[] bytes = NamingStateMachine.encode(command);
        return JsonMapper.builder().build().readValue(bytes, NamingCommand.class);
    }

    @Test
    void everyCommandIsTheSameAfterEncoding() {
        List<NamingCommand> commands = List.of(
                new NamingCommand.Register("10.0.0.1:8080#false", KEY, INSTANCE),
                new NamingCommand.Deregister("10.0.0.1:8080#false", KEY, "10.0.0.1", 8080, "east"),
                new NamingCommand.Replace("10.0.0.1:8080#false", KEY, "10.0.0.1", 8080, "east", INSTANCE),
                new NamingCommand.SetHealthy("10.0.0.1:8080#false", KEY, "10.0.0.1", 8080, "east", false),
                new NamingCommand.CreateService(KEY, false, new ServiceMeta(0.5F, Map.of("k", "v"), "none", "")),
                new NamingCommand.UpdateService(KEY, ServiceMeta.DEFAULT),
                new NamingCommand.UpdateCluster(KEY, "east", ClusterMeta.DEFAULT),
                new NamingCommand.RemoveService(KEY),
                new NamingCommand.RemoveEmptyService(KEY, 42L),
                new NamingCommand.SetOverride(KEY, "10.0.0.1:8080:east", new InstanceOverride(false, 3, Map.of("k", "v"))),
                new NamingCommand.DropOverrideIfGone(KEY, "10.0.0.1:8080:east"));
        for (NamingCommand command : commands) {
            assertEquals(command, roundTrip(command));
        }
    }

    @Test
    void twoRegistriesFedTheSameCommandsAgree() {
        ServiceRegistry first = new ServiceRegistry();
        ServiceRegistry second = new ServiceRegistry();
        List<NamingCommand> log = List.of(
                new NamingCommand.Register("10.0.0.1:8080#false", KEY, INSTANCE),
                new NamingCommand.Replace("10.0.0.1:8080#false", KEY, "10.0.0.1", 8080, "east",
                        new InstanceRecord("10.0.0.1", 8080, "east", 1, false, true, false, Map.of())),
                new NamingCommand.UpdateCluster(KEY, "east", ClusterMeta.DEFAULT));
        for (NamingCommand command : log) {
            command.applyNow(first);
            roundTrip(command).applyNow(second);
        }
        assertEquals(first.get(KEY).instances(), second.get(KEY).instances());
        assertEquals(1.0, second.get(KEY).instances().get(0).weight());
        assertTrue((Boolean) new NamingCommand.Deregister("10.0.0.1:8080#false", KEY, "10.0.0.1", 8080, "east")
                .applyNow(second));
    }

    @Test
    void aRefusalIsTheSameOnEveryNode() {
        ServiceRegistry registry = new ServiceRegistry();
        registry.publish("conn-1", KEY, true,
                List.of(new InstanceRecord("10.0.0.2", 80, "east", 1, true, true, true, Map.of())));
        NamingCommand persistentIntoEphemeral = new NamingCommand.Register("10.0.0.1:8080#false", KEY, INSTANCE);
        assertThrows(NacosException.class, () -> persistentIntoEphemeral.applyNow(registry));
        assertEquals(1, registry.get(KEY).instanceCount());
    }

    @Test
    void forgettingTheDurablePartKeepsEphemeralInstancesAndTheSnapshotBringsItBack(@TempDir Path home) {
        ServiceRegistry registry = new ServiceRegistry();
        NamingStore store = new NamingStore(registry, new NacosServerProperties(home.toString(), true),
                new LoadProgress(new SimpleMeterRegistry()));
        new NamingCommand.Register("10.0.0.1:8080#false", KEY, INSTANCE).applyNow(registry);
        ServiceKey ephemeralKey = new ServiceKey("public", "DEFAULT_GROUP", "carts");
        registry.publish("conn-1", ephemeralKey, true,
                List.of(new InstanceRecord("10.0.0.9", 80, "DEFAULT", 1, true, true, true, Map.of())));
        ServiceMeta described = new ServiceMeta(0.3F, Map.of(), "none", "");
        registry.updateMeta(ephemeralKey, described);
        Path snapshot = home.resolve(NamingStore.FILE_NAME);
        store.save(snapshot);
        store.forgetDurable();
        assertEquals(null, registry.get(KEY));
        assertEquals(1, registry.get(ephemeralKey).instanceCount());
        assertEquals(ServiceMeta.DEFAULT, registry.get(ephemeralKey).meta());
        store.load(snapshot);
        assertEquals(List.of(INSTANCE), registry.get(KEY).instances());
        assertEquals(described, registry.get(ephemeralKey).meta());
        assertEquals(1, registry.get(ephemeralKey).instanceCount());
    }

    @Test
    void anOperatorsOverrideIsLaidOverA2xClientsInstanceSurvivesItsRepublishingAndGoesWithIt(@TempDir Path home) {
        ServiceRegistry registry = new ServiceRegistry();
        ServiceKey key = new ServiceKey("public", "DEFAULT_GROUP", "carts");
        InstanceRecord published = new InstanceRecord("10.0.0.9", 80, "DEFAULT", 1, true, true, true, Map.of("v", "1"));
        registry.publish("conn-1", key, true, List.of(published));
        String endpoint = InstanceOverride.endpointOf(published);
        new NamingCommand.SetOverride(key, endpoint, new InstanceOverride(false, 5, Map.of("v", "op"))).applyNow(registry);

        Instance shown = registry.get(key).view().hosts().get(0);
        assertEquals(false, shown.enabled, "readers and subscribers see the instance as the operator set it");
        assertEquals(5.0, shown.weight);
        assertEquals(Map.of("v", "op"), shown.metadata);
        assertEquals(List.of(published), registry.get(key).instances(), "what the client published is kept as it is");

        registry.publish("conn-2", key, true, List.of(published));
        registry.removeClient("conn-1");
        assertEquals(false, registry.get(key).findShown("10.0.0.9", 80, "DEFAULT").enabled(),
                "a client that reconnects finds its instance still offline");

        NamingStore store = new NamingStore(registry, new NacosServerProperties(home.toString(), true),
                new LoadProgress(new SimpleMeterRegistry()));
        Path snapshot = home.resolve(NamingStore.FILE_NAME);
        store.save(snapshot);
        store.forgetDurable();
        assertTrue(registry.get(key).overrides().isEmpty());
        store.load(snapshot);
        assertEquals(false, registry.get(key).findShown("10.0.0.9", 80, "DEFAULT").enabled(), "kept in the snapshot");

        assertEquals(false, new NamingCommand.DropOverrideIfGone(key, endpoint).applyNow(registry),
                "kept while the instance is there");
        registry.publish("conn-3", key, true, List.of(new InstanceRecord("10.0.0.8", 80, "DEFAULT", 1, true, true, true, Map.of())));
        registry.removeClient("conn-2");
        assertEquals(true, new NamingCommand.DropOverrideIfGone(key, endpoint).applyNow(registry));
        assertTrue(registry.get(key).overrides().isEmpty());
    }
}
