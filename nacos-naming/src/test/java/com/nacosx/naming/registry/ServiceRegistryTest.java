package com.nacosx.naming.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.Instance;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServiceRegistryTest {

    static final ServiceKey KEY = new ServiceKey("public", "DEFAULT_GROUP", "svc");

    final ServiceRegistry registry = new ServiceRegistry();
    final List<ServiceKey> changes = new ArrayList<>();

    ServiceRegistryTest() {
        registry.addListener(changes::add);
    }

    static InstanceRecord instance(String ip, boolean healthy) {
        return new InstanceRecord(ip, 80, "DEFAULT", 1.0, healthy, true, true, Map.of());
    }

    static List<String> ips(ServiceView view) {
        return view.hosts().stream().map(h -> h.ip).toList();
    }

    @Test
    void oneIndexForEveryClientAndAViewRebuiltOnChange() {
        registry.publish("conn-1", KEY, true, List.of(instance("10.0.0.2", true)));
        registry.publish("10.0.0.1:80#true", KEY, true, List.of(instance("10.0.0.1", true)));
        ServiceView first = registry.view(KEY);
        assertEquals(List.of("10.0.0.1", "10.0.0.2"), ips(first), "sorted, both generations");
        assertTrue(first == registry.view(KEY), "cached between changes");

        registry.removeClient("conn-1");
        assertEquals(List.of("10.0.0.1"), ips(registry.view(KEY)));
        assertEquals(3, changes.size(), "every change is told");
        assertEquals(1, registry.clientCount());
    }

    @Test
    void aServiceHoldsOneKindOfInstance() {
        registry.publish("conn-1", KEY, true, List.of(instance("10.0.0.1", true)));
        NacosException refused = assertThrows(NacosException.class, () -> registry.publish("10.0.0.2:80#false", KEY,
                false, List.of(instance("10.0.0.2", true))));
        assertTrue(refused.getMessage().contains("ephemeral service"), refused.getMessage());
        assertNull(registry.publication("10.0.0.2:80#false", KEY));
        assertEquals(1, registry.clientCount(), "the refused client is not indexed");
    }

    @Test
    void unpublishTakesOneOfABatchOrTheSingleInstance() {
        registry.publish("conn-1", KEY, true, List.of(instance("10.0.0.1", true), instance("10.0.0.2", true),
                instance("10.0.0.3", true)));
        assertTrue(registry.unpublish("conn-1", KEY, i -> i.ip().equals("10.0.0.1")));
        assertEquals(List.of("10.0.0.2", "10.0.0.3"), ips(registry.view(KEY)));
        assertFalse(registry.unpublish("conn-1", KEY, i -> i.ip().equals("10.0.0.9")), "no match in a batch");
        assertTrue(registry.unpublish("conn-1", KEY, i -> i.ip().equals("10.0.0.3")));
        assertTrue(registry.unpublish("conn-1", KEY, i -> false), "a single instance goes whatever was named");
        assertTrue(registry.view(KEY).hosts().isEmpty());
    }

    @Test
    void beatRestoresHealthAndUnknownClientIsReported() {
        registry.publish("10.0.0.1:80#true", KEY, true, List.of(instance("10.0.0.1", false)));
        assertTrue(registry.beat("10.0.0.1:80#true", KEY, System.currentTimeMillis()));
        assertTrue(registry.view(KEY).hosts().get(0).healthy);
        assertFalse(registry.beat("10.0.0.9:80#true", KEY, System.currentTimeMillis()));
    }

    @Test
    void aBeatAppliedLateDoesNotMoveTheLastBeatBack() {
        registry.publish("10.0.0.1:80#true", KEY, true, List.of(instance("10.0.0.1", true)));
        long latest = registry.publication("10.0.0.1:80#true", KEY).lastBeat();
        registry.beat("10.0.0.1:80#true", KEY, latest - 10_000);
        assertEquals(latest, registry.publication("10.0.0.1:80#true", KEY).lastBeat());
        registry.beat("10.0.0.1:80#true", KEY, latest + 5_000);
        assertEquals(latest + 5_000, registry.publication("10.0.0.1:80#true", KEY).lastBeat());
    }

    @Test
    void emptyServiceGoesOnlyAfterItsExpiry() {
        registry.publish("conn-1", KEY, true, List.of(instance("10.0.0.1", true)));
        registry.removeClient("conn-1");
        assertFalse(registry.removeIfEmptySince(KEY, System.currentTimeMillis() - 60_000), "too recent");
        assertTrue(registry.removeIfEmptySince(KEY, System.currentTimeMillis() + 1));
        assertNull(registry.get(KEY));
        registry.publish("conn-2", KEY, true, List.of(instance("10.0.0.1", true)));
        assertEquals(1, registry.view(KEY).hosts().size(), "a removed service comes back on the next register");
    }

    @Test
    void protectionThresholdAnswersAllAsHealthy() {
        registry.create(KEY, true, new ServiceMeta(0.5F, Map.of(), "none", ""));
        registry.publish("a", KEY, true, List.of(instance("10.0.0.1", true)));
        registry.publish("b", KEY, true, List.of(instance("10.0.0.2", false)));
        registry.publish("c", KEY, true, List.of(instance("10.0.0.3", false)));
        ServiceView.Selected all = registry.view(KEY).select(new Selection("", false, true));
        assertTrue(all.info().reachProtectionThreshold);
        assertTrue(all.info().hosts.stream().allMatch(h -> h.healthy));
        assertEquals("DEFAULT_GROUP@@svc", all.info().name);

        ServiceView.Selected healthyOnly = registry.view(KEY).select(new Selection("", true, false));
        assertFalse(healthyOnly.info().reachProtectionThreshold);
        assertEquals(List.of("10.0.0.1"), healthyOnly.info().hosts.stream().map(h -> h.ip).toList());
        assertEquals("svc", healthyOnly.info().name);
    }

    @Test
    void disabledInstancesAndOtherClustersAreLeftOut() {
        registry.publish("a", KEY, true, List.of(new InstanceRecord("10.0.0.1", 80, "east", 1, true, false, true,
                Map.of())));
        registry.publish("b", KEY, true, List.of(new InstanceRecord("10.0.0.2", 80, "west", 1, true, true, true,
                Map.of(Instance.HEART_BEAT_TIMEOUT_KEY, "3000"))));
        assertTrue(registry.view(KEY).select(new Selection("east", false, false)).info().hosts.isEmpty());
        List<Instance> west = registry.view(KEY).select(new Selection("west,north", false, false)).info().hosts;
        assertEquals(1, west.size());
        assertEquals(3000, west.get(0).getInstanceHeartBeatTimeOut());
    }
}
