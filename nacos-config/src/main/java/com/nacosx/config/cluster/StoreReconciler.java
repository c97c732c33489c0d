package com.nacosx.config.cluster;

import com.nacosx.config.cache.CachedConfig;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.cache.RowProjection;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.GrayConfig;
import com.nacosx.config.model.StoredConfig;
import com.nacosx.config.service.ConfigWriter;
import com.nacosx.config.store.ConfigInfoStore;
import com.nacosx.config.store.GrayStore;
import com.nacosx.core.util.Futures;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Brings this node's cache back in line with the store when the store changed under it: another
 * node wrote to the shared database (its change notice names the config), a notice was lost (the
 * periodic full comparison), or a Raft snapshot replaced the embedded tables. A reload goes
 * through the writer's thread like a write, so it keeps the order of this node's own writes and
 * tells the listeners when what readers get changed.
 */
@Component
public class StoreReconciler {

    private final ConfigInfoStore configs;
    private final GrayStore grays;
    private final ConfigCache cache;
    private final ConfigWriter writer;

    public StoreReconciler(ConfigInfoStore configs, GrayStore grays, ConfigCache cache, ConfigWriter writer) {
        this.configs = configs;
        this.grays = grays;
        this.cache = cache;
        this.writer = writer;
    }

    /** A config's rows as read from the store: its formal row (null when none) and its variants. */
    private record Stored(StoredConfig config, List<GrayConfig> variants) {
    }

    /** Reads one config (formal content and variants) from the store again. */
    public CompletableFuture<Void> reload(ConfigKey key) {
        return writer.refresh(key, () -> stored(key), (row, cached) -> RowProjection.ofRows(cached, row.config(),
                row.variants()));
    }

    /**
     * Reads one config again after an official 1.x node changed its variant {@code grayName} in
     * its own table, which config_info_gray takes first ({@link GrayStore#takeLegacyChange}).
     */
    public CompletableFuture<Void> reloadLegacyVariant(ConfigKey key, String grayName) {
        return writer.refresh(key, () -> {
            grays.takeLegacyChange(key, grayName);
            return stored(key);
        }, (row, cached) -> RowProjection.ofRows(cached, row.config(), row.variants()));
    }

    private Stored stored(ConfigKey key) {
        return new Stored(configs.find(key).orElse(null), grays.findAll(key));
    }

    /**
     * Compares the whole cache with the store and reloads every config that differs. Returns, once
     * they are reloaded, how many configs were.
     */
    public int reloadDiffering() {
        Map<ConfigKey, StoredConfig> rows = new HashMap<>();
        configs.forEach(row -> rows.put(row.key(), row));
        Map<ConfigKey, List<GrayConfig>> variants = new HashMap<>();
        grays.forEach(gray -> variants.computeIfAbsent(gray.key(), k -> new ArrayList<>()).add(gray));
        Set<ConfigKey> keys = new HashSet<>(rows.keySet());
        keys.addAll(variants.keySet());
        keys.addAll(cache.keys());
        List<CompletableFuture<?>> reloads = new ArrayList<>();
        for (ConfigKey key : keys) {
            CachedConfig current = cache.get(key);
            CachedConfig base = current == null ? CachedConfig.EMPTY : current;
            CachedConfig stored = RowProjection.ofRows(base, rows.get(key), variants.getOrDefault(key, List.of()));
            if (current == null ? !stored.isEmpty() : !current.servesSameAs(stored)) {
                reloads.add(reload(key));
            }
        }
        Futures.join(CompletableFuture.allOf(reloads.toArray(CompletableFuture[]::new)));
        return reloads.size();
    }
}
