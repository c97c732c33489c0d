package com.nacosx.config.cache;

import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.model.ConfigKey;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.springframework.stereotype.Component;

/**
 * The in-memory copy of every config this node serves; reads never touch the database. Loaded at
 * start and changed by the config service after each committed write. Thread-safe: readers see
 * either the old or the new value of a config, never a mix.
 */
@Component
public class ConfigCache {

    /** What a listener's md5 is compared with when the config does not exist. */
    public static final String ABSENT_MD5 = "";

    private final Map<ConfigKey, CachedConfig> configs = new ConcurrentHashMap<>();

    public ConfigEntry get(ConfigKey key, String clientIp, String tag) {
        CachedConfig cached = configs.get(key);
        return cached == null ? null : cached.resolve(clientIp, tag);
    }

    public CachedConfig get(ConfigKey key) {
        return configs.get(key);
    }

    public String md5(ConfigKey key, String clientIp, String tag) {
        ConfigEntry entry = get(key, clientIp, tag);
        return entry == null ? ABSENT_MD5 : entry.md5();
    }

    /** Applies a change to one config atomically; a config left with no content is dropped. */
    public void update(ConfigKey key, UnaryOperator<CachedConfig> change) {
        configs.compute(key, (k, old) -> {
            CachedConfig next = change.apply(old == null ? CachedConfig.EMPTY : old);
            return next.isEmpty() ? null : next;
        });
    }

    /** The keys of every cached config, a snapshot. */
    public Set<ConfigKey> keys() {
        return Set.copyOf(configs.keySet());
    }

    public int size() {
        return configs.size();
    }

    public long countFormal(String tenant) {
        return countFormal(key -> key.tenant().equals(tenant));
    }

    /** The formal configs whose key is {@code chosen}; a scan of the cache. */
    public long countFormal(Predicate<ConfigKey> chosen) {
        return configs.entrySet().stream()
                .filter(e -> e.getValue().formal() != null && chosen.test(e.getKey()))
                .count();
    }
}
