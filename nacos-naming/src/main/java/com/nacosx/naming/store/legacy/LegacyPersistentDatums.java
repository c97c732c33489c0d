package com.nacosx.naming.store.legacy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.nacosx.core.http.Json;
import com.nacosx.naming.distro.legacy.LegacyDatums;
import com.nacosx.naming.distro.legacy.LegacyDatums.WireInstances;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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

    /**
     * A service as 1.4 writes it; what it has besides these keeps its 1.4 default there. A 1.4 node
     * applying it drops every cluster the map does not name, with that cluster's health check.
     */
    record WireService(String name, String groupName, String namespaceId, Float protectThreshold,
                       Map<String, String> metadata, Boolean enabled, Boolean resetWeight, List<String> owners,
                       Long ipDeleteTimeout, Long lastModifiedMillis, Map<String, WireCluster> clusterMap) {
    }

    /**
     * A cluster as 1.4 writes it in its service. The check port is {@code defCkport}, which 1.4
     * also writes as {@code defIPPort} when no other was set; the API's {@code defaultCheckPort} is
     * written alike.
     */
    record WireCluster(String name, WireHealthChecker healthChecker, Integer defaultPort, Integer defaultCheckPort,
                       Integer defCkport, Integer defIPPort, Boolean useIPPort4Check, String sitegroup,
                       Map<String, String> metadata) {
    }

    /** 1.4's health checker, typed by {@code type}; an HTTP one has its path and expected code. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record WireHealthChecker(String type, String path, String headers, Integer expectedResponseCode) {
    }

    /** What a service datum says: the service, and the settings of each cluster it names. */
    record ServiceDescription(ServiceMeta meta, Map<String, ClusterMeta> clusters) {
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

    /** What a service datum says of the service and its clusters; 1.4's defaults for what it leaves out. */
    static ServiceDescription serviceDescription(String key, byte[] datum) {
        ServiceDatum read = Json.read(text(datum), ServiceDatum.class, "datum " + key);
        WireService service = read == null ? null : read.value();
        if (service == null) {
            return new ServiceDescription(ServiceMeta.DEFAULT, Map.of());
        }
        Map<String, ClusterMeta> clusters = new TreeMap<>();
        if (service.clusterMap() != null) {
            service.clusterMap().forEach((name, cluster) -> {
                if (cluster != null) {
                    clusters.put(name, clusterMeta(cluster));
                }
            });
        }
        return new ServiceDescription(new ServiceMeta(service.protectThreshold() == null ? 0F
                : service.protectThreshold(), service.metadata(), "none", ""), clusters);
    }

    /**
     * The service as a 1.4 node writes it, with every cluster it has: those given settings and
     * those its instances are in (with 1.4's defaults), so that the 1.4 nodes keep them all.
     */
    static byte[] serviceDatum(ServiceKey service, ServiceMeta meta, Map<String, ClusterMeta> clusters) {
        String key = LegacyPersistentKeys.serviceMeta(service);
        Map<String, WireCluster> clusterMap = new TreeMap<>();
        clusters.forEach((name, cluster) -> clusterMap.put(name, wire(name, cluster)));
        return Json.bytes(new ServiceDatum(key, new WireService(service.grouped(), service.group(),
                service.namespace(), meta.protectThreshold(), meta.metadata(), true, false, List.of(), 30_000L,
                System.currentTimeMillis(), clusterMap), 0L));
    }

    private static WireCluster wire(String name, ClusterMeta cluster) {
        WireHealthChecker checker = "HTTP".equals(cluster.checkerType())
                ? new WireHealthChecker("HTTP", cluster.checkPath(), "", 200)
                : new WireHealthChecker(cluster.checkerType(), null, null, null);
        return new WireCluster(name, checker, 80, cluster.checkPort(), cluster.checkPort(), cluster.checkPort(),
                cluster.useInstancePort4Check(), "", cluster.metadata());
    }

    private static ClusterMeta clusterMeta(WireCluster cluster) {
        WireHealthChecker checker = cluster.healthChecker();
        Integer port = cluster.defCkport() != null ? cluster.defCkport() : cluster.defaultCheckPort();
        return new ClusterMeta(checker == null ? null : checker.type(), checker == null ? null : checker.path(),
                port == null ? ClusterMeta.DEFAULT.checkPort() : port,
                cluster.useIPPort4Check() == null || cluster.useIPPort4Check(), cluster.metadata());
    }

    private static String text(byte[] json) {
        return new String(json, StandardCharsets.UTF_8);
    }
}
