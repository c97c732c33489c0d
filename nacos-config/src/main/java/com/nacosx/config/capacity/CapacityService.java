package com.nacosx.config.capacity;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.cache.CachedConfig;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.model.ConfigKey;
import org.springframework.stereotype.Service;

import java.nio.charset.StandardCharsets;

/**
 * Quotas and size limits of groups (in the public namespace) and namespaces: what they are
 * ({@link #of}), and whether a publish fits them ({@link #check}), refused with the official
 * codes 5031-5034 when {@code isCapacityLimitCheck} is on. Usage is counted from the cache at the
 * moment of the check, and only for a new config (an update changes no count), so two publishes
 * racing for the last free place may both get it.
 */
@Service
public class CapacityService {

    private final CapacityStore store;
    private final ConfigCache cache;
    private final CapacitySettings settings;

    public CapacityService(CapacityStore store, ConfigCache cache, CapacitySettings settings) {
        this.store = store;
        this.cache = cache;
        this.settings = settings;
    }

    public CapacitySettings settings() {
        return settings;
    }

    /** A group's capacity ({@code tenant} null) or a namespace's, with defaults for limits not set. */
    public Capacity of(String group, String tenant) {
        return withDefaults(group, tenant, (int) usage(group, tenant));
    }

    /** The limits with defaults filled in, and the usage given (counting it scans the cache). */
    private Capacity withDefaults(String group, String tenant, int usage) {
        boolean ofTenant = tenant != null;
        CapacityStore.Scope scope = ofTenant ? CapacityStore.Scope.TENANT : CapacityStore.Scope.GROUP;
        String name = ofTenant ? tenant : group;
        CapacityStore.Limits limits = store.find(scope, name).orElse(null);
        int defaultQuota = ofTenant ? settings.tenantQuota() : name.isEmpty() ? settings.clusterQuota()
                : settings.groupQuota();
        return new Capacity(limits == null ? null : limits.id(), ofTenant ? null : name, ofTenant ? name : null,
                orDefault(limits == null ? 0 : limits.quota(), defaultQuota), usage,
                orDefault(limits == null ? 0 : limits.maxSize(), settings.maxSize()),
                orDefault(limits == null ? 0 : limits.maxAggrCount(), settings.maxAggrCount()),
                orDefault(limits == null ? 0 : limits.maxAggrSize(), settings.maxAggrSize()),
                limits == null ? null : limits.created(), limits == null ? null : limits.modified());
    }

    private long usage(String group, String tenant) {
        if (tenant != null) {
            return cache.countFormal(tenant);
        }
        return group.isEmpty() ? cache.countFormal("")
                : cache.countFormal(key -> key.tenant().isEmpty() && key.group().equals(group));
    }

    private static int orDefault(int value, int defaultValue) {
        return value == 0 ? defaultValue : value;
    }

    /**
     * Refuses a formal publish over a limit, when limits are checked: content over the max size
     * (5034); a new config over the public namespace's quota (5031), its group's (5032) or its
     * namespace's (5033).
     */
    public void check(ConfigKey key, String content) {
        if (!settings.limitCheck()) {
            return;
        }
        boolean inTenant = !key.tenant().isEmpty();
        String group = inTenant ? null : key.group();
        String tenant = inTenant ? key.tenant() : null;
        Capacity capacity = withDefaults(group, tenant, 0);
        int size = content.getBytes(StandardCharsets.UTF_8).length;
        if (size > capacity.maxSize()) {
            throw refused(ErrorCode.OVER_MAX_SIZE, "Configuration content size limit exceeded", key,
                    "The content has " + size + " bytes, at most " + capacity.maxSize());
        }
        CachedConfig cached = cache.get(key);
        if (cached != null && cached.formal() != null) {
            return;
        }
        if (!inTenant) {
            Capacity cluster = withDefaults("", null, 0);
            if (usage("", null) >= cluster.quota()) {
                throw refused(ErrorCode.OVER_CLUSTER_QUOTA, "Configuration limit exceeded", key,
                        "The public namespace holds its quota of " + cluster.quota() + " configs");
            }
        }
        if (usage(group, tenant) >= capacity.quota()) {
            throw refused(inTenant ? ErrorCode.OVER_TENANT_QUOTA : ErrorCode.OVER_GROUP_QUOTA,
                    "Configuration limit exceeded", key, (inTenant ? "The namespace" : "The group") + " holds its quota of "
                            + capacity.quota() + " configs");
        }
    }

    /**
     * The official answers these with its errCode as the HTTP status (5031-5034), which HTTP
     * clients cannot read; here HTTP says 400 and the detail code names the limit, while gRPC
     * answers carry the official code.
     */
    private static NacosException refused(ErrorCode code, String what, ConfigKey key, String why) {
        return new NacosException(code.code(), NacosException.BAD_REQUEST, code, String.format(
                "%s [group=%s, namespaceId=%s]. %s; raise it with POST /nacos/v1/cs/capacity", what, key.group(),
                key.tenant(), why));
    }
}
