package com.nacosx.config.capacity;

import org.springframework.core.env.Environment;

/**
 * The capacity settings under the official server's (unprefixed) names, read once at start:
 * {@code isCapacityLimitCheck} (refuse publishes over the quotas, default false),
 * {@code defaultClusterQuota} (100,000 configs in the public namespace), {@code defaultGroupQuota}
 * and {@code defaultTenantQuota} (200 configs each, when a group or namespace has no quota of its
 * own), {@code defaultMaxSize} (102,400 bytes of content), {@code defaultMaxAggrCount} (10,000)
 * and {@code defaultMaxAggrSize} (1,024), the last two only shown.
 */
public record CapacitySettings(boolean limitCheck, int clusterQuota, int groupQuota, int tenantQuota, int maxSize,
                               int maxAggrCount, int maxAggrSize) {

    public static CapacitySettings from(Environment env) {
        return new CapacitySettings(env.getProperty("isCapacityLimitCheck", Boolean.class, false),
                env.getProperty("defaultClusterQuota", Integer.class, 100_000),
                env.getProperty("defaultGroupQuota", Integer.class, 200),
                env.getProperty("defaultTenantQuota", Integer.class, 200),
                env.getProperty("defaultMaxSize", Integer.class, 100 * 1024),
                env.getProperty("defaultMaxAggrCount", Integer.class, 10_000),
                env.getProperty("defaultMaxAggrSize", Integer.class, 1024));
    }
}
