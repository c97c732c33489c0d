package com.nacosx.config.cache;

import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.model.ConfigType;
import com.nacosx.config.store.ConfigInfoStore;
import com.nacosx.config.store.GrayStore;
import com.nacosx.core.readiness.LoadProgress;
import com.nacosx.core.readiness.ServerReadiness;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

/**
 * Fills the cache from the database once, while the server starts; the HTTP port opens only
 * afterwards, and readiness stays closed until it is done.
 */
@Component
public class ConfigCacheLoader implements SmartInitializingSingleton {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    private static final String GATE = "config-cache";

    private final ConfigInfoStore configs;
    private final GrayStore grays;
    private final ConfigCache cache;
    private final ServerReadiness readiness;
    private final LoadProgress progress;

    public ConfigCacheLoader(ConfigInfoStore configs, GrayStore grays, ConfigCache cache,
            ServerReadiness readiness, LoadProgress progress) {
        this.configs = configs;
        this.grays = grays;
        this.cache = cache;
        this.readiness = readiness;
        this.progress = progress;
        readiness.close(GATE);
    }

    @Override
    public void afterSingletonsInstantiated() {
        long start = System.currentTimeMillis();
        try (LoadProgress.Load load = progress.begin("config-cache", "the config table into the cache",
                configs.count())) {
            configs.forEach(row -> {
                ConfigEntry entry = ConfigEntry.of(row.content(), ConfigType.normalize(row.type()), row.modifyTime(),
                        row.encryptedDataKey());
                cache.update(row.key(), cached -> cached.withFormal(entry));
                load.advance(1);
            });
        }
        grays.forEach(gray -> {
            CachedConfig cached = cache.get(gray.key());
            String type = cached != null && cached.formal() != null ? cached.formal().type() : ConfigType.DEFAULT;
            cache.update(gray.key(), current -> RowProjection.withGray(current, gray, type));
        });
        readiness.open(GATE);
        LOG.info("config cache loaded: {} configs in {} ms", cache.size(), System.currentTimeMillis() - start);
    }
}
