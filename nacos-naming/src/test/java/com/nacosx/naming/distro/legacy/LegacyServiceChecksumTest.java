package com.nacosx.naming.distro.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The expected checksums are what the official 1.4.8 naming classes computed
 * ({@code Service.recalculateChecksum}) for a service built as a 1.4.8 node builds one it learns
 * of by Distro, holding the same instances.
 */
class LegacyServiceChecksumTest {

    static final ServiceKey SERVICE = new ServiceKey("public", "DEFAULT_GROUP", "svc");

    @Test
    void oneInstanceHealthyAndThenNot() {
        InstanceRecord instance = new InstanceRecord("127.0.0.9", 8080, "DEFAULT", 1.0, true, true, true, Map.of());
        assertEquals("0d5cb49f86abcdb73af0b5b3dd9d9b00", LegacyServiceChecksum.of(SERVICE, List.of(instance)));
        assertEquals("24304022110bcf4358a5ef68e17b6636",
                LegacyServiceChecksum.of(SERVICE, List.of(instance.withHealthy(false))));
    }

    @Test
    void twoClustersInTheOrder1xKeepsThem() {
        List<InstanceRecord> instances = List.of(
                new InstanceRecord("10.0.0.2", 81, "zone-b", 2.5, true, true, true, Map.of()),
                new InstanceRecord("127.0.0.9", 8080, "DEFAULT", 1.0, false, true, true, Map.of()));
        assertEquals("9701638f335d7abf8254f5e7afefbccf", LegacyServiceChecksum.of(SERVICE, instances));
    }

    @Test
    void theChecksumsARealNodeGossipedForItsServices() {
        // POST /v1/ns/service/status from a real 1.4.8 node, each service holding 127.0.0.9:8080, healthy.
        InstanceRecord instance = new InstanceRecord("127.0.0.9", 8080, "DEFAULT", 1.0, true, true, true, Map.of());
        assertEquals("f1f1886f3976fb1cac19dc2b27c177ed", LegacyServiceChecksum.of(
                new ServiceKey("public", "DEFAULT_GROUP", "captured-d"), List.of(instance)));
        assertEquals("e403783be9db414d83b982edc428d0f5", LegacyServiceChecksum.of(
                new ServiceKey("public", "DEFAULT_GROUP", "captured-b"), List.of(instance)));
    }
}
