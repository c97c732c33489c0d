package com.nacosx.config.fuzzy;

import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.config.ConfigFuzzyWatchChangeNotifyRequest;
import com.nacosx.api.remote.config.ConfigFuzzyWatchSyncRequest;
import com.nacosx.config.ConfigProperties;
import com.nacosx.config.cache.CachedConfig;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.service.ConfigChangeListener;
import com.nacosx.config.service.ConfigService;
import com.nacosx.core.fuzzy.FuzzyPattern;
import com.nacosx.core.fuzzy.FuzzyResource;
import com.nacosx.core.fuzzy.FuzzyWatchIndex;
import com.nacosx.core.fuzzy.FuzzyWatchPushes;
import com.nacosx.core.fuzzy.FuzzyWatching;
import com.nacosx.core.remote.ServerPush;
import java.util.stream.Stream;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * 3.x clients' fuzzy watches of configs: a config is there for a watcher while it has formal
 * content; its creation and deletion are told (a change of content is for listeners, as the
 * official server does). Every node tells its own connections: a change made on any node reaches
 * this node's cache, and so its watchers. The public namespace is matched whether a pattern
 * names it "" or "public", and keys are told with the namespace as the pattern names it.
 *
 * <p>Limits, with the official properties: {@code nacos.config.fuzzy.watch.max.pattern.count}
 * patterns per client (20) and {@value #MATCH_LIMIT_PROPERTY} configs per pattern (500).
 */
@Component
public class ConfigFuzzyWatch implements ConfigChangeListener, FuzzyWatchPushes.Wire<ConfigFuzzyWatchSyncRequest.Context> {

    static final String MATCH_LIMIT_PROPERTY = "nacos.config.fuzzy.watch.max.pattern.match.config.count";
    private static final String ADD_CONFIG = "ADD_CONFIG";
    private static final String DELETE_CONFIG = "DELETE_CONFIG";

    private final ConfigCache cache;
    private final FuzzyWatching watching;

    public ConfigFuzzyWatch(ConfigCache cache, ServerPush push, ConfigProperties properties, Environment env) {
        this.cache = cache;
        FuzzyWatchIndex.Limits limits = new FuzzyWatchIndex.Limits(
                env.getProperty("nacos.config.fuzzy.watch.max.pattern.count", Integer.class, 20),
                env.getProperty(MATCH_LIMIT_PROPERTY, Integer.class, 500));
        this.watching = new FuzzyWatching(limits, ConfigService::normalizeTenant, this::existingIn, this, push,
                properties.push().ackTimeout(), properties.push().maxRetryTime());
        push.expect(new ConfigFuzzyWatchSyncRequest());
        push.expect(new ConfigFuzzyWatchChangeNotifyRequest());
    }

    public FuzzyWatching watching() {
        return watching;
    }

    @Override
    public void configChanged(ConfigKey key) {
        watching.changed(new FuzzyResource(key.tenant(), key.group(), key.dataId()), () -> isPublished(key));
    }

    /** Whether the config has formal content: a beta or tag alone is not a config to a watcher. */
    private boolean isPublished(ConfigKey key) {
        CachedConfig cached = cache.get(key);
        return cached != null && cached.formal() != null;
    }

    private Stream<FuzzyResource> existingIn(String tenant) {
        return cache.keys().stream().filter(key -> key.tenant().equals(tenant) && isPublished(key))
                .map(key -> new FuzzyResource(key.tenant(), key.group(), key.dataId()));
    }

    /** {@code dataId+group+namespace}, with the namespace as the pattern names it (3.x: "public"). */
    @Override
    public String keyOf(FuzzyPattern pattern, FuzzyResource resource) {
        return new ConfigKey(resource.name(), resource.group(), pattern.namedNamespace()).groupKey();
    }

    @Override
    public ConfigFuzzyWatchSyncRequest newSyncRequest() {
        return new ConfigFuzzyWatchSyncRequest();
    }

    @Override
    public ConfigFuzzyWatchSyncRequest.Context context(String key, boolean added) {
        return new ConfigFuzzyWatchSyncRequest.Context(key, added ? ADD_CONFIG : DELETE_CONFIG);
    }

    @Override
    public ServerRequest change(String key, boolean added) {
        return new ConfigFuzzyWatchChangeNotifyRequest(key, added ? ADD_CONFIG : DELETE_CONFIG);
    }
}
