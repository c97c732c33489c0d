package com.nacosx.config.service;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.cache.CachedConfig;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.cache.RowProjection;
import com.nacosx.config.capacity.CapacityStore;
import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.config.model.GrayConfig;
import com.nacosx.config.store.AccountTables;
import com.nacosx.config.store.ConfigInfoStore;
import com.nacosx.config.store.FormalRowReplacement;
import com.nacosx.config.store.GrayStore;
import com.nacosx.config.store.HistoryStore;
import com.nacosx.config.store.NamespaceStore;
import com.nacosx.config.store.WriteBatcher;
import com.nacosx.core.auth.AccountChange;
import com.nacosx.core.util.Listeners;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Supplier;
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
    private final FormalRowReplacement replacement;
    private final GrayStore grays;
    private final HistoryStore history;
    private final NamespaceStore namespaces;
    private final CapacityStore capacities;
    private final AccountTables accounts;
    private final ConfigCache cache;
    private final WriteBatcher writes;
    private final Listeners<ConfigChangeListener> listeners = new Listeners<>("a config change");
    private final Listeners<ConfigWriteListener> writeListeners = new Listeners<>("this node's config write");

    public ConfigWriter(ConfigInfoStore configs, FormalRowReplacement replacement, GrayStore grays,
            HistoryStore history, NamespaceStore namespaces, CapacityStore capacities, AccountTables accounts,
            ConfigCache cache, WriteBatcher writes) {
        this.configs = configs;
        this.replacement = replacement;
        this.grays = grays;
        this.history = history;
        this.namespaces = namespaces;
        this.capacities = capacities;
        this.accounts = accounts;
        this.cache = cache;
        this.writes = writes;
    }

    /** Told after a config's cached content changed, on the writer's thread. */
    public void addListener(ConfigChangeListener listener) {
        listeners.enrol(listener);
    }

    /** Told after this node changed a config in the store, on the writer's thread. */
    public void addWriteListener(ConfigWriteListener listener) {
        writeListeners.enrol(listener);
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
        return change(key, true, null, () -> {
            if (replacement.replace(key, write, casMd5, now)) {
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
        return change(key, true, grayName, () -> {
            Optional<GrayConfig> previous = grays.upsert(gray);
            GrayConfig recorded = previous.orElseGet(() -> grays.find(key, grayName).orElseThrow());
            history.record(recorded.id(), key, recorded.content(), recorded.md5(), recorded.appName(), write.srcIp(),
                    write.srcUser(), previous.isPresent() ? HistoryStore.UPDATE : HistoryStore.INSERT, grayName,
                    recorded.encryptedDataKey(), now);
            return null;
        }, (nothing, cached) -> RowProjection.withGray(cached, gray, write.type()),
                () -> LOG.info("published {} variant {} ({}) from {}", key, grayName, expr, write.srcIp()));
    }

    /**
     * Re-reads a config on the database writer's thread, after the writes handed in before, and
     * puts what {@code toCache} makes of it into the cache, telling the listeners if readers now get
     * different content. Another node's write reaches this node's cache this way; it is not this
     * node's write, so peers are not told of it.
     */
    public <T> CompletableFuture<Void> refresh(ConfigKey key, Supplier<T> read,
            BiFunction<T, CachedConfig, CachedConfig> toCache) {
        return change(key, false, null, read, toCache, () -> { }).thenApply(done -> null);
    }

    CompletableFuture<Void> remove(ConfigKey key, String srcIp, String srcUser, long now) {
        return change(key, true, null, () -> {
            configs.find(key).ifPresent(old -> {
                configs.delete(key, old.id());
                history.record(old.id(), key, old.content(), old.md5(), old.appName(), srcIp, srcUser,
                        HistoryStore.DELETE, null, old.encryptedDataKey(), now);
            });
            return null;
        }, (nothing, cached) -> cached.withFormal(null), () -> LOG.info("removed {} from {}", key, srcIp));
    }

    CompletableFuture<Void> removeGray(ConfigKey key, String grayName, String srcIp, String srcUser, long now) {
        return change(key, true, grayName, () -> {
            grays.find(key, grayName).ifPresent(old -> {
                grays.delete(old);
                history.record(old.id(), key, old.content(), old.md5(), old.appName(), srcIp, srcUser,
                        HistoryStore.DELETE, grayName, old.encryptedDataKey(), now);
            });
            return null;
        }, (nothing, cached) -> RowProjection.withVariant(cached, grayName, null, Set.of()),
                () -> LOG.info("removed {} variant {} from {}", key, grayName, srcIp));
    }

    /**
     * Runs {@code inDatabase} on the database writer; once it is committed, on the writer thread,
     * applies {@code toCache} (given what {@code inDatabase} returned) to the config's cached value,
     * runs {@code log}, and tells the listeners if readers may now get different content:
     * republishing identical content notifies no one, as on the official server.
     * <p>
     * The write listeners (peers sharing the store) are told of every write this node makes,
     * whether or not its own cache changed: the cache may not have caught up with a peer's write
     * yet (a delete of a config this node has not yet seen created leaves its cache as it was),
     * and the peers that hold that write must still drop it.
     *
     * @param local   whether this node wrote the change (false: it reloaded what a peer wrote)
     * @param variant the gray variant changed ({@code beta}, {@code tag_<tag>}), or null for the formal content
     */
    private <T> CompletableFuture<T> change(ConfigKey key, boolean local, String variant, Supplier<T> inDatabase,
            BiFunction<T, CachedConfig, CachedConfig> toCache, Runnable log) {
        return writes.submit(inDatabase, result -> {
            CachedConfig before = cache.get(key);
            cache.update(key, cached -> toCache.apply(result, cached));
            CachedConfig after = cache.get(key);
            log.run();
            if (before == null ? after != null : after == null || !before.servesSameAs(after)) {
                notifyListeners(key);
            }
            if (local) {
                writeListeners.tell(listener -> listener.configWritten(key, variant));
            }
        });
    }

    private void notifyListeners(ConfigKey key) {
        listeners.tell(listener -> listener.configChanged(key));
    }
}
