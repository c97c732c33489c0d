package com.nacosx.naming.store.legacy;

import com.nacosx.core.http.Json;
import com.nacosx.naming.distro.legacy.LegacyDatums;
import com.nacosx.naming.distro.legacy.LegacyDatums.WireInstances;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import tools.jackson.core.type.TypeReference;

/**
 * The JSON official 1.4 nodes put in their persistent naming group: a write is a batch of keys and
 * values (each base64), a value is a datum {@code {"key":..,"value":..,"timestamp":n}} holding a
 * service's instance list or the service itself; a read asks for keys and is answered with the
 * keys and values found.
 */
final class LegacyPersistentDatums {

    record Batch(List<byte[]> keys, List<byte[]> values) {

        Batch {
            keys = keys == null ? List.of() : keys;
            values = values == null ? List.of() : values;
        }
    }

    record InstancesDatum(String key, WireInstances value, Long timestamp) {
    }

    /** A service as 1.4 writes it; what it has besides these keeps its 1.4 default there. */
    record WireService(String name, String groupName, String namespaceId, Float protectThreshold,
                       Map<String, String> metadata, Boolean enabled, Boolean resetWeight, List<String> owners,
                       Long ipDeleteTimeout, Long lastModifiedMillis, Map<String, Object> clusterMap) {
    }

    record ServiceDatum(String key, WireService value, Long timestamp) {
    }

    private LegacyPersistentDatums() {
    }

    static Batch batch(byte[] json) {
        Batch batch = Json.read(text(json), Batch.class, "the batch of a 1.x persistent write");
        if (batch == null || batch.keys().size() != batch.values().size()) {
            throw new IllegalArgumentException("a 1.x persistent write must hold as many values as keys");
        }
        return batch;
    }

    static List<byte[]> keys(byte[] json) {
        List<byte[]> keys = Json.read(text(json), new TypeReference<List<byte[]>>() { }, "the keys of a 1.x read");
        return keys == null ? List.of() : keys;
    }

    static byte[] bytes(Object value) {
        return Json.bytes(value);
    }

    /**
     * The persistent instances of an instance-list datum.
     *
     * @throws IllegalArgumentException when it is not one, or an instance lacks its address
     */
    static List<InstanceRecord> instances(String key, byte[] datum) {
        InstancesDatum read = Json.read(text(datum), InstancesDatum.class, "datum " + key);
        if (read == null || read.value() == null || read.value().instanceList() == null) {
            return List.of();
        }
        return read.value().instanceList().stream().map(wire -> LegacyDatums.record(key, wire, false)).toList();
    }

    static byte[] instancesDatum(ServiceKey service, List<InstanceRecord> instances) {
        String key = LegacyPersistentKeys.instanceList(service);
        return Json.bytes(new InstancesDatum(key, new WireInstances(instances.stream()
                .map(instance -> LegacyDatums.wire(service, instance, System.currentTimeMillis())).toList()), 0L));
    }

    /** What a service datum says of the service; 1.4's defaults for what it leaves out. */
    static ServiceMeta serviceMeta(String key, byte[] datum) {
        ServiceDatum read = Json.read(text(datum), ServiceDatum.class, "datum " + key);
        WireService service = read == null ? null : read.value();
        if (service == null) {
            return ServiceMeta.DEFAULT;
        }
        return new ServiceMeta(service.protectThreshold() == null ? 0F : service.protectThreshold(),
                service.metadata(), "none", "");
    }

    /** A new service as a 1.4 node writes one it creates for a persistent instance. */
    static byte[] serviceDatum(ServiceKey service, ServiceMeta meta) {
        String key = LegacyPersistentKeys.serviceMeta(service);
        return Json.bytes(new ServiceDatum(key, new WireService(service.grouped(), service.group(),
                service.namespace(), meta.protectThreshold(), meta.metadata(), true, false, List.of(), 30_000L,
                System.currentTimeMillis(), Map.of()), 0L));
    }

    private static String text(byte[] json) {
        return new String(json, StandardCharsets.UTF_8);
    }
}
