package com.nacosx.naming.model;

import java.util.Map;

/**
 * What an operator set on one instance (the console's "take offline", a new weight or metadata)
 * over what its client published: the official server's instance metadata. A 2.x client's
 * instance belongs to its connection, which republishes it as the client holds it, so the
 * operator's word is kept beside it and laid over it in every view, and outlives a reconnect.
 *
 * @param metadata replaces the client's metadata
 */
public record InstanceOverride(boolean enabled, double weight, Map<String, String> metadata) {

    public InstanceOverride {
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    /** The override that makes an instance look like {@code wanted}. */
    public static InstanceOverride of(InstanceRecord wanted) {
        return new InstanceOverride(wanted.enabled(), wanted.weight(), wanted.metadata());
    }

    /** The key of an instance in a service: {@code ip:port:cluster}. */
    public static String endpointOf(String ip, int port, String cluster) {
        return ip + ":" + port + ":" + cluster;
    }

    public static String endpointOf(InstanceRecord instance) {
        return endpointOf(instance.ip(), instance.port(), instance.cluster());
    }

    public InstanceRecord applyTo(InstanceRecord published) {
        return new InstanceRecord(published.ip(), published.port(), published.cluster(), weight, published.healthy(),
                enabled, published.ephemeral(), metadata);
    }
}
