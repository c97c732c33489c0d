package com.nacosx.config.service;

import com.nacosx.core.replication.CommandLog;
import com.nacosx.api.common.Constants;
import com.nacosx.api.common.Page;
import com.nacosx.config.ConfigMetrics;
import com.nacosx.config.cache.CachedConfig;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.capacity.CapacityService;
import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigType;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.config.model.GrayConfig;
import com.nacosx.config.model.StoredConfig;
import com.nacosx.config.store.ConfigInfoStore;
import com.nacosx.config.store.GrayStore;
import com.nacosx.core.util.Futures;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Service;

/**
 * The rules of the configuration center, shared by every door (1.x HTTP and gRPC): reads come
 * from the cache; a write is validated here, then made a {@link ConfigCommand} and handed to
 * the config {@link CommandLog}, which returns once this node applied it, so a read on this node after a
 * successful publish always sees the new content.
 */
@Service
public class ConfigService {

    private final ConfigInfoStore configs;
    private final GrayStore grays;
    private final ConfigCache cache;
    private final ConfigValidator validator;
    private final CommandLog<ConfigWriter> commands;
    private final ConfigMetrics metrics;
    private final CapacityService capacity;

    public ConfigService(ConfigInfoStore configs, GrayStore grays, ConfigCache cache, ConfigValidator validator,
            CommandLog<ConfigWriter> commands, ConfigMetrics metrics, CapacityService capacity) {
        this.configs = configs;
        this.grays = grays;
        this.cache = cache;
        this.validator = validator;
        this.commands = commands;
        this.metrics = metrics;
        this.capacity = capacity;
    }

    /** A validated key; the public namespace ("", "public", or none) is the empty tenant. */
    public ConfigKey key(String dataId, String group, String tenant) {
        String namespace = normalizeTenant(tenant);
        validator.checkKey(dataId, group, namespace);
        return new ConfigKey(dataId.trim(), group.trim(), namespace);
    }

    /** A validated namespace id; the public namespace ("", "public", or none) is "". */
    public String namespace(String tenant) {
        String namespace = normalizeTenant(tenant);
        validator.checkTenant(namespace);
        return namespace;
    }

    public static String normalizeTenant(String tenant) {
        if (tenant == null || tenant.isBlank() || Constants.PUBLIC_NAMESPACE_ID.equalsIgnoreCase(tenant.trim())
                || "null".equals(tenant.trim())) {
            return Constants.DEFAULT_NAMESPACE_TENANT;
        }
        return tenant.trim();
    }

    /** What a reader gets: the beta if its IP is listed, else the tag it asked for, else the formal content. */
    public Served read(ConfigKey key, String clientIp, String tag) {
        long start = System.nanoTime();
        CachedConfig cached = cache.get(key);
        ConfigEntry entry = cached == null ? null : cached.resolve(clientIp, tag);
        metrics.read(System.nanoTime() - start);
        if (entry == null) {
            return null;
        }
        boolean beta = entry == cached.beta();
        return new Served(entry, beta, !beta && entry != cached.formal() ? tag : null);
    }

    /**
     * A read's answer.
     *
     * @param beta whether the reader got the beta
     * @param tag  the tag whose variant the reader got, or null
     */
    public record Served(ConfigEntry entry, boolean beta, String tag) {
    }

    public void publish(ConfigKey key, ConfigWrite write, PublishOptions options) {
        Futures.join(publishAsync(key, write, options));
    }

    /**
     * Validates a publish at once (a bad one throws) and hands it on; the future completes once
     * this node applied it.
     */
    public CompletableFuture<Void> publishAsync(ConfigKey key, ConfigWrite write, PublishOptions options) {
        validator.checkContent(write.content());
        validator.checkTag(options.tag());
        validator.checkDetails(write, options);
        if (options.betaIps() == null && options.tag() == null) {
            capacity.check(key, write.content());
        }
        ConfigWrite typed = write.withType(ConfigType.normalize(write.type()));
        metrics.publishing();
        long start = System.nanoTime();
        CompletableFuture<Void> applied = commands.submit(
                new ConfigCommand.Publish(key, typed, options, System.currentTimeMillis()));
        applied.thenRun(() -> metrics.written(System.nanoTime() - start));
        return applied;
    }

    /** Removes the formal config, or only the variant of {@code tag}. Removing what is absent succeeds. */
    public void remove(ConfigKey key, String tag, String srcIp, String srcUser) {
        Futures.join(removeAsync(key, tag, srcIp, srcUser));
    }

    /** The same without waiting: the future completes once this node applied it. */
    public CompletableFuture<Void> removeAsync(ConfigKey key, String tag, String srcIp, String srcUser) {
        validator.checkTag(tag);
        long now = System.currentTimeMillis();
        if (tag != null && !tag.isBlank()) {
            return commands.submit(new ConfigCommand.RemoveGray(key, GrayConfig.tagGrayName(tag.trim()), srcIp,
                    srcUser, now));
        }
        return commands.submit(new ConfigCommand.Remove(key, srcIp, srcUser, now));
    }

    /** Stops the beta of a config. */
    public void removeBeta(ConfigKey key, String srcIp, String srcUser) {
        commands.submitAndWait(new ConfigCommand.RemoveGray(key, GrayConfig.BETA, srcIp, srcUser,
                System.currentTimeMillis()));
    }

    /** Removes the configs with these row ids; ids that do not exist are skipped. */
    public void removeByIds(List<Long> ids, String srcIp, String srcUser) {
        for (StoredConfig config : configs.findByIds(ids)) {
            remove(config.key(), null, srcIp, srcUser);
        }
    }

    public Optional<GrayConfig> beta(ConfigKey key) {
        return grays.find(key, GrayConfig.BETA);
    }

    /** The stored row with its config tags, for the detail view. */
    public Optional<ConfigDetail> detail(ConfigKey key) {
        return configs.find(key).map(row -> new ConfigDetail(row, configs.tagsOf(row.id())));
    }

    public Page<StoredConfig> search(ConfigInfoStore.SearchCriteria criteria, int pageNo, int pageSize) {
        validator.checkTenant(criteria.tenant());
        Page.checkPaging(pageNo, pageSize);
        return configs.search(criteria, pageNo, pageSize);
    }

    /** A stored config and its tags. */
    public record ConfigDetail(StoredConfig config, List<String> tags) {
    }
}
