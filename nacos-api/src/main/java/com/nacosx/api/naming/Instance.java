package com.nacosx.api.naming;

import java.util.HashMap;
import java.util.Map;

/**
 * One instance of a service as clients send and receive it. Besides the stored fields, the JSON
 * carries the heartbeat timings, read from the {@code preserved.*} metadata overrides, because the
 * official clients schedule their beats from them.
 */
public class Instance {

    public static final long DEFAULT_HEART_BEAT_INTERVAL = 5_000;
    public static final long DEFAULT_HEART_BEAT_TIMEOUT = 15_000;
    public static final long DEFAULT_IP_DELETE_TIMEOUT = 30_000;

    public static final String HEART_BEAT_INTERVAL_KEY = "preserved.heart.beat.interval";
    public static final String HEART_BEAT_TIMEOUT_KEY = "preserved.heart.beat.timeout";
    public static final String IP_DELETE_TIMEOUT_KEY = "preserved.ip.delete.timeout";
    public static final String INSTANCE_ID_GENERATOR_KEY = "preserved.instance.id.generator";

    public String instanceId;
    public String ip;
    public int port;
    public double weight = 1.0D;
    public boolean healthy = true;
    public boolean enabled = true;
    public boolean ephemeral = true;
    public String clusterName;
    public String serviceName;
    public Map<String, String> metadata = new HashMap<>();

    public long getInstanceHeartBeatInterval() {
        return millis(metadata, HEART_BEAT_INTERVAL_KEY, DEFAULT_HEART_BEAT_INTERVAL);
    }

    public long getInstanceHeartBeatTimeOut() {
        return millis(metadata, HEART_BEAT_TIMEOUT_KEY, DEFAULT_HEART_BEAT_TIMEOUT);
    }

    public long getIpDeleteTimeout() {
        return millis(metadata, IP_DELETE_TIMEOUT_KEY, DEFAULT_IP_DELETE_TIMEOUT);
    }

    public String getInstanceIdGenerator() {
        String generator = metadata == null ? null : metadata.get(INSTANCE_ID_GENERATOR_KEY);
        return generator == null || generator.isEmpty() ? "simple" : generator;
    }

    /**
     * A timing override from metadata, or the default when it is absent or not a number.
     */
    public static long millis(Map<String, String> metadata, String key, long defaultValue) {
        String value = metadata == null ? null : metadata.get(key);
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException notANumber) {
            return defaultValue;
        }
    }
}
