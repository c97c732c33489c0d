package com.nacosx.config.service;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.cache.CachedConfig;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.capacity.CapacityStore;
import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigType;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.config.model.GrayConfig;
import com.nacosx.config.model.StoredConfig;
import com.nacosx.config.store.AccountTables;
import com.nacosx.config.store.ConfigInfoStore;
import com.nacosx.config.store.GrayStore;
import com.nacosx.config.store.HistoryStore;
import com.nacosx.config.store.NamespaceStore;
import com.nacosx.config.store.WriteBatcher;
import com.nacosx.core.auth.AccountChange;
import com.nacosx.core.util.Futures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/**
 * Applies config-center writes on this node: a write commits the row and its history atomically
 * (group-committed with concurrent writes), then updates the cache and tells the listeners, so a
 * read on this node after a write's future completes sees the new content. The cache updates run
 * after each commit on the database writer thread, in the order of the writes (see
 * {@link WriteBatcher}), so the cache follows the database without locks. Every input, the time
 * included, comes in the {@link ConfigCommand}: in an embedded-storage cluster every node applies
 * the same commands and must reach the same rows.
 */
@Component
public class ConfigWriter {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");

    private final ConfigInfoStore configs;
    private final GrayStore grays;
    private final HistoryStore history;
    private final NamespaceStore namespaces;
    private final CapacityStore capacities;
    private final AccountTables accounts;
    private final ConfigCache cache;
    private final WriteBatcher writes;
    private final List<ConfigChangeListener> listeners;
    private final List<ConfigWriteListener> writeListeners;

    public ConfigWriter(ConfigInfoStore configs, GrayStore grays, HistoryStore history, NamespaceStore namespaces,
            CapacityStore capacities, AccountTables accounts, ConfigCache cache, WriteBatcher writes,
            List<ConfigChangeListener> listeners, List<ConfigWriteListener> writeListeners) {
        this.configs = configs;
        this.grays = grays;
        this.history = history;
        this.namespaces = namespaces;
        this.capacities = capacities;
        this.accounts = accounts;
        this.cache = cache;
        this.writes = writes;
        this.listeners = List.copyOf(listeners);
        this.writeListeners = List.copyOf(writeListeners);
    }


    CompletableFuture<Void> createNamespace(String id, String name, String desc, long time) {
        return writes.submit(() -> {
            try {
                namespaces.insert(id, name, desc, time);
                return null;
            } catch (DuplicateKeyException e) {
                throw new NacosException(NacosException.CONFLICT, ErrorCode.NAMESPACE_ALREADY_EXIST,
                        "namespaceId [" + id + "] already exist; choose another id", e);
            }
        });
    }

    CompletableFuture<Boolean> updateNamespace(String id, String name, String desc, long time) {
        return writes.submit(() -> namespaces.update(id, name, desc, time));
    }

    CompletableFuture<Boolean> deleteNamespace(String id) {
        return writes.submit(() -> namespaces.delete(id));
    }

    CompletableFuture<Void> setCapacity(ConfigCommand.SetCapacity command) {
        return writes.submit(() -> {
            capacities.upsert(command.tenant() ? CapacityStore.Scope.TENANT : CapacityStore.Scope.GROUP, command.name(),
                    command.quota(), command.maxSize(), command.maxAggrCount(), command.maxAggrSize(), command.time());
            return null;
        });
    }

    CompletableFuture<Boolean> changeAccount(AccountChange change) {
        return writes.submit(() -> accounts.apply(change));
    }

    CompletableFuture<Integer> pruneHistory(long before, int limit) {
        return writes.submit(() -> history.deleteOlderThan(before, limit));
    }

    CompletableFuture<Void> publish(ConfigKey key, ConfigWrite write, PublishOptions options, long now) {
        if (options.betaIps() != null) {
            return publishGray(key, write, GrayConfig.BETA, options.betaIps(), now);
        }
        if (options.tag() != null) {
            return publishGray(key, write, GrayConfig.tagGrayName(options.tag()), options.tag(), now);
        }
        return publishFormal(key, write, options.casMd5(), now);
    }

    private CompletableFuture<Void> publishFormal(ConfigKey key, ConfigWrite write, String casMd5, long now) {
        ConfigEntry entry = ConfigEntry.of(write.content(), write.md5(), write.type(), now, write.encryptedDataKey());
        return change(key, true, () -> {
            // The history row copies the stored row inside the database: the old content never
            // travels to the server and back, which made publishes ~30% slower on Derby.
            boolean updated = history.recordStored(key, casMd5, write.srcIp(), write.srcUser(), HistoryStore.UPDATE, now)
                    && configs.update(key, write, now, casMd5);
            if (updated) {
                configs.replaceTags(key, write.tags());
            } else if (casMd5 != null && configs.exists(key)) {
                throw new NacosException(NacosException.SERVER_ERROR, ErrorCode.RESOURCE_CONFLICT,
                        "Cas publish fail, server md5 may have changed. Read the config again and retry with its md5");
            } else {
                insertFormal(key, write, now);
            }
            return null;
        }, (nothing, cached) -> cached.withFormal(entry),
                () -> LOG.info("published {} md5={} from {}", key, entry.md5(), write.srcIp()));
    }

    private void insertFormal(ConfigKey key, ConfigWrite write, long now) {
        long id;
        try {
            id = configs.insert(key, write, now);
        } catch (DuplicateKeyException e) {
            throw new NacosException(NacosException.CONFLICT, ErrorCode.RESOURCE_CONFLICT, "config " + key
                    + " was created by another node at the same time; publish again", e);
        }
        history.record(id, key, write.content(), write.md5(), write.appName(), write.srcIp(), write.srcUser(),
                HistoryStore.INSERT, null, write.encryptedDataKey(), now);
        configs.insertTags(id, key, write.tags());
    }

    private CompletableFuture<Void> publishGray(ConfigKey key, ConfigWrite write, String grayName, String expr,
            long now) {
        GrayConfig gray = new GrayConfig(0, key, grayName, expr, write.content(), write.md5(), write.appName(),
                write.encryptedDataKey(), now, write.srcIp(), write.srcUser());
        return change(key, true, () -> {
            Optional<GrayConfig> previous = grays.upsert(gray);
            GrayConfig recorded = previous.orElseGet(() -> grays.find(key, grayName).orElseThrow());
            history.record(recorded.id(), key, recorded.content(), recorded.md5(), recorded.appName(), write.srcIp(),
                    write.srcUser(), previous.isPresent() ? HistoryStore.UPDATE : HistoryStore.INSERT, grayName,
                    recorded.encryptedDataKey(), now);
            return null;
        }, (nothing, cached) -> withGray(cached, gray, write.type()),
                () -> LOG.info("published {} variant {} ({}) from {}", key, grayName, expr, write.srcIp()));
    }

    /**
     * Puts a variant into the cache; used by writes and by the loader at start. Variants other
     * than beta and tag (2.5 gray rules of other kinds) are not served.
     */
    public void applyGrayToCache(GrayConfig gray, String type) {
        cache.update(gray.key(), cached -> withGray(cached, gray, type));
    }

    private static CachedConfig withGray(CachedConfig cached, GrayConfig gray, String type) {
        if (!gray.isBeta() && gray.tag() == null) {
            return cached;
        }
        ConfigEntry entry = ConfigEntry.of(gray.content(), gray.md5(), type, gray.modifyTime(), gray.encryptedDataKey());
        return withVariant(cached, gray.grayName(), entry, gray.isBeta() ? ipsOf(gray.expr()) : Set.of());
    }

    /** Sets the beta or tag variant named {@code grayName}; a null entry removes it. */
    private static CachedConfig withVariant(CachedConfig cached, String grayName, ConfigEntry entry,
            Set<String> betaIps) {
        return GrayConfig.BETA.equals(grayName) ? cached.withBeta(entry, betaIps)
                : cached.withTag(GrayConfig.tagOf(grayName), entry);
    }

    /**
     * Reads one config (formal content and variants) from the store again, as another node wrote
     * it to the shared database, and tells this node's listeners if what readers get changed.
     */
    public CompletableFuture<?> reload(ConfigKey key) {
        return change(key, false, () -> new Stored(configs.find(key).orElse(null), grays.findAll(key)),
                (row, cached) -> stored(cached, row.config(), row.variants()), () -> { });
    }

    /** A config's rows as read from the store: its formal row (null when none) and its variants. */
    private record Stored(StoredConfig config, List<GrayConfig> variants) {
    }

    /**
     * Compares the whole cache with the store and reloads every config that differs; heals a
     * change notice from a peer that never arrived. Returns, once they are reloaded, how many
     * configs were.
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
            CachedConfig stored = stored(base, rows.get(key), variants.getOrDefault(key, List.of()));
            if (current == null ? !stored.isEmpty() : !current.servesSameAs(stored)) {
                reloads.add(reload(key));
            }
        }
        Futures.join(CompletableFuture.allOf(reloads.toArray(CompletableFuture[]::new)));
        return reloads.size();
    }

    /** What the store holds for a config, keeping the cached entries' identity where unchanged. */
    private static CachedConfig stored(CachedConfig cached, StoredConfig row, List<GrayConfig> variants) {
        String type = row == null ? ConfigType.DEFAULT : ConfigType.normalize(row.type());
        CachedConfig next = cached.withFormal(row == null ? null : ConfigEntry.of(row.content(), type,
                row.modifyTime(), row.encryptedDataKey())).withoutVariants();
        for (GrayConfig gray : variants) {
            next = withGray(next, gray, type);
        }
        return next;
    }

    private static Set<String> ipsOf(String betaIps) {
        return Arrays.stream(betaIps.split(",")).map(String::trim).filter(ip -> !ip.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    CompletableFuture<Void> remove(ConfigKey key, String srcIp, String srcUser, long now) {
        return change(key, true, () -> {
            configs.find(key).ifPresent(old -> {
                configs.delete(old.id());
                history.record(old.id(), key, old.content(), old.md5(), old.appName(), srcIp, srcUser,
                        HistoryStore.DELETE, null, old.encryptedDataKey(), now);
            });
            return null;
        }, (nothing, cached) -> cached.withFormal(null), () -> LOG.info("removed {} from {}", key, srcIp));
    }

    CompletableFuture<Void> removeGray(ConfigKey key, String grayName, String srcIp, String srcUser, long now) {
        return change(key, true, () -> {
            grays.find(key, grayName).ifPresent(old -> {
                grays.delete(old.id());
                history.record(old.id(), key, old.content(), old.md5(), old.appName(), srcIp, srcUser,
                        HistoryStore.DELETE, grayName, old.encryptedDataKey(), now);
            });
            return null;
        }, (nothing, cached) -> withVariant(cached, grayName, null, Set.of()),
                () -> LOG.info("removed {} variant {} from {}", key, grayName, srcIp));
    }

    /**
     * Runs {@code inDatabase} on the database writer; once it is committed, on the writer thread,
     * applies {@code toCache} (given what {@code inDatabase} returned) to the config's cached value,
     * runs {@code log}, and tells the listeners if readers may now get different content:
     * republishing identical content notifies no one, as on the official server.
     *
     * @param local whether this node made the write (then peers sharing the store are told too)
     */
    private <T> CompletableFuture<T> change(ConfigKey key, boolean local, Supplier<T> inDatabase,
            BiFunction<T, CachedConfig, CachedConfig> toCache, Runnable log) {
        return writes.submit(inDatabase, result -> {
            CachedConfig before = cache.get(key);
            cache.update(key, cached -> toCache.apply(result, cached));
            CachedConfig after = cache.get(key);
            log.run();
            if (before == null ? after != null : after == null || !before.servesSameAs(after)) {
                notifyListeners(key);
                if (local) {
                    for (ConfigWriteListener listener : writeListeners) {
                        listener.configWritten(key);
                    }
                }
            }
        });
    }

    private void notifyListeners(ConfigKey key) {
        for (ConfigChangeListener listener : listeners) {
            listener.configChanged(key);
        }
    }
}
