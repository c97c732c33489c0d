package com.nacosx.naming.model;

import com.nacosx.api.naming.Instance;
import com.nacosx.api.naming.NamingNames;

import java.util.Map;

/**
 * One instance as the registry holds it: an immutable value, replaced whole on change, so a
 * reader never sees half an update.
 */
public record InstanceRecord(String ip, int port, String cluster, double weight, boolean healthy, boolean enabled,
                             boolean ephemeral, Map<String, String> metadata) {

    public InstanceRecord {
        metadata = metadata == null || metadata.isEmpty() ? Map.of() : Map.copyOf(metadata);
        if (cluster == null || cluster.isBlank()) {
            cluster = NamingNames.DEFAULT_CLUSTER;
        }
    }

    /** Builds the record from what a client sent, applying the official defaults. */
    /** @throws com.nacosx.api.exception.NacosException 400 on metadata with a null key or value */
    public static InstanceRecord from(Instance instance, boolean ephemeral) {
        if (instance.metadata != null) {
            NamingLimits.checkMetadata(instance.metadata);
        }
        return new InstanceRecord(instance.ip, instance.port, instance.clusterName, instance.weight,
                instance.healthy, instance.enabled, ephemeral, instance.metadata);
    }

    /** Whether both name the same endpoint of a service: ip, port and cluster. */
    public boolean sameEndpoint(String otherIp, int otherPort, String otherCluster) {
        return port == otherPort && ip.equals(otherIp) && cluster.equals(otherCluster);
    }

    public boolean sameEndpoint(InstanceRecord other) {
        return sameEndpoint(other.ip, other.port, other.cluster);
    }

    public InstanceRecord withHealthy(boolean value) {
        return value == healthy ? this
                : new InstanceRecord(ip, port, cluster, weight, value, enabled, ephemeral, metadata);
    }

    public InstanceRecord withMetadata(Map<String, String> value) {
        return new InstanceRecord(ip, port, cluster, weight, healthy, enabled, ephemeral, value);
    }

    public long heartBeatTimeout() {
        return Instance.millis(metadata, Instance.HEART_BEAT_TIMEOUT_KEY, Instance.DEFAULT_HEART_BEAT_TIMEOUT);
    }

    public long ipDeleteTimeout() {
        return Instance.millis(metadata, Instance.IP_DELETE_TIMEOUT_KEY, Instance.DEFAULT_IP_DELETE_TIMEOUT);
    }

    public long heartBeatInterval() {
        return Instance.millis(metadata, Instance.HEART_BEAT_INTERVAL_KEY, Instance.DEFAULT_HEART_BEAT_INTERVAL);
    }

    /** The instance as clients see it, in service {@code key}. */
    public Instance toApi(ServiceKey key) {
        Instance instance = new Instance();
        String grouped = key.grouped();
        instance.instanceId = NamingNames.instanceId(ip, port, cluster, grouped);
        instance.ip = ip;
        instance.port = port;
        instance.weight = weight;
        instance.healthy = healthy;
        instance.enabled = enabled;
        instance.ephemeral = ephemeral;
        instance.clusterName = cluster;
        instance.serviceName = grouped;
        instance.metadata = metadata;
        return instance;
    }
}
