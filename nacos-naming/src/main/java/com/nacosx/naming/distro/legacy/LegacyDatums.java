package com.nacosx.naming.distro.legacy;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.NamingNames;
import com.nacosx.core.http.Json;
import com.nacosx.core.util.Digests;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import tools.jackson.core.type.TypeReference;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The 1.x Distro wire form of ephemeral instances: a map of service key to datum
 * {@code {"key":..,"value":{"instanceList":[..]},"timestamp":n}}, and the MD5 checksum a 1.x node
 * compares. Both must match an official 1.4 node byte for byte where it compares them, or every
 * verify round pulls the service again.
 */
public final class LegacyDatums {

    private static final String EPHEMERAL_PREFIX = "com.alibaba.nacos.naming.iplist.ephemeral.";
    private static final String NAMESPACE_SEPARATOR = "##";

    /** One instance as 1.x carries it, in Distro datums and in its persistent group's. */
    public record WireInstance(String instanceId, String ip, Integer port, Double weight, Boolean healthy, Boolean enabled,
                        Boolean ephemeral, String clusterName, String serviceName, Map<String, String> metadata,
                        Long lastBeat, Boolean marked, Long instanceHeartBeatInterval, Long instanceHeartBeatTimeOut,
                        Long ipDeleteTimeout, String instanceIdGenerator) {
    }

    public record WireInstances(List<WireInstance> instanceList) {
    }

    record WireDatum(String key, WireInstances value, Long timestamp) {
    }

    /** A service's instances, each with when its client last beat. */
    public record Beating(InstanceRecord instance, long lastBeat) {
    }

    private LegacyDatums() {
    }

    /** {@code com.alibaba.nacos.naming.iplist.ephemeral.<namespace>##<group>@@<service>} */
    public static String key(ServiceKey service) {
        return EPHEMERAL_PREFIX + service.namespace() + NAMESPACE_SEPARATOR + service.grouped();
    }

    /**
     * The service an ephemeral instance-list key names, or null for any other key and for a name
     * this server cannot hold (1.x ignores keys it does not know).
     */
    public static ServiceKey service(String key) {
        return key == null || !key.startsWith(EPHEMERAL_PREFIX) ? null
                : namespacedService(key.substring(EPHEMERAL_PREFIX.length()));
    }

    /**
     * The service of a 1.x key's tail {@code <namespace>##<group>@@<service>}, or null when it is
     * not one or names a service this server cannot hold.
     */
    public static ServiceKey namespacedService(String namespaceAndName) {
        int separator = namespaceAndName.indexOf(NAMESPACE_SEPARATOR);
        if (separator <= 0) {
            return null;
        }
        try {
            return ServiceKey.of(namespaceAndName.substring(0, separator), null,
                    namespaceAndName.substring(separator + NAMESPACE_SEPARATOR.length()));
        } catch (NacosException e) {
            return null;
        }
    }

    public static byte[] encode(Map<ServiceKey, List<Beating>> services, long timestamp) {
        Map<String, WireDatum> datums = new LinkedHashMap<>();
        services.forEach((service, instances) -> {
            String key = key(service);
            datums.put(key, new WireDatum(key, new WireInstances(instances.stream()
                    .map(beating -> wire(service, beating.instance(), beating.lastBeat())).toList()), timestamp));
        });
        return Json.bytes(datums);
    }

    /** The instance as 1.x writes it, ephemeral or persistent as it is. */
    public static WireInstance wire(ServiceKey service, InstanceRecord instance, long lastBeat) {
        return new WireInstance(NamingNames.instanceId(instance.ip(), instance.port(), instance.cluster(),
                service.grouped()), instance.ip(), instance.port(), instance.weight(), instance.healthy(),
                instance.enabled(), instance.ephemeral(), instance.cluster(), service.grouped(), instance.metadata(),
                lastBeat, false, instance.heartBeatInterval(), instance.heartBeatTimeout(), instance.ipDeleteTimeout(),
                "simple");
    }

    /**
     * Reads datums as a 1.x member sends them; keys other than ephemeral instance lists are left
     * out, as 1.x does.
     *
     * @throws IllegalArgumentException naming the key when the body is not datums or an instance lacks its address
     */
    public static Map<ServiceKey, List<InstanceRecord>> decode(String json) {
        if (json == null || json.isBlank()) {
            throw new IllegalArgumentException("the body must be a JSON map of 1.x Distro key to datum, and it is empty");
        }
        Map<String, WireDatum> datums = Json.read(json, new TypeReference<Map<String, WireDatum>>() { }, "datums");
        Map<ServiceKey, List<InstanceRecord>> services = new LinkedHashMap<>();
        if (datums == null) {
            return services;
        }
        datums.forEach((key, datum) -> {
            ServiceKey service = service(key);
            if (service == null) {
                return;
            }
            List<InstanceRecord> instances = new ArrayList<>();
            if (datum != null && datum.value() != null && datum.value().instanceList() != null) {
                for (WireInstance wire : datum.value().instanceList()) {
                    instances.add(record(key, wire, true));
                }
            }
            services.put(service, instances);
        });
        return services;
    }

    /**
     * The instance a 1.x datum carries under {@code key}.
     *
     * @throws IllegalArgumentException naming the key when the instance lacks its address
     */
    public static InstanceRecord record(String key, WireInstance wire, boolean ephemeral) {
        if (wire == null || wire.ip() == null || wire.ip().isBlank() || wire.port() == null) {
            throw new IllegalArgumentException("an instance of datum '" + key + "' has no ip or port");
        }
        return new InstanceRecord(wire.ip(), wire.port(), wire.clusterName(),
                wire.weight() == null ? 1.0D : wire.weight(), wire.healthy() == null || wire.healthy(),
                wire.enabled() == null || wire.enabled(), ephemeral, wire.metadata());
    }

    /**
     * The checksum a 1.4 node keeps for an instance list: instances in the order of their 1.x
     * {@code toString}, each as {@code ip:port_weight_healthy_enabled_cluster_<metadata k:v, sorted>}
     * and a comma, MD5 in hex.
     */
    public static String checksum(List<InstanceRecord> instances) {
        StringBuilder text = new StringBuilder();
        sorted(instances).forEach(instance -> {
            text.append(instance.ip()).append(':').append(instance.port()).append('_').append(instance.weight())
                    .append('_').append(instance.healthy()).append('_').append(instance.enabled()).append('_')
                    .append(instance.cluster()).append('_');
            new TreeMap<>(instance.metadata()).forEach((name, value) -> text.append(name).append(':').append(value)
                    .append(','));
            text.append(',');
        });
        return md5(text);
    }

    static String md5(CharSequence text) {
        return Digests.md5Hex(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The instances in 1.x's order: by its {@code Instance.toString()} of an ephemeral instance (never marked). */
    static List<InstanceRecord> sorted(List<InstanceRecord> instances) {
        return instances.stream().sorted(Comparator.comparing(LegacyDatums::asLegacyString)).toList();
    }

    private static String asLegacyString(InstanceRecord instance) {
        return instance.ip() + ':' + instance.port() + ":unknown:" + instance.cluster() + '_' + instance.weight() + '_'
                + instance.healthy() + "_false_" + instance.cluster();
    }

    /** The instances' checksums keyed as 1.x does. */
    public static Map<String, String> checksums(Map<ServiceKey, List<InstanceRecord>> services) {
        Map<String, String> checksums = new LinkedHashMap<>();
        services.forEach((service, instances) -> checksums.put(key(service), checksum(instances)));
        return checksums;
    }
}
