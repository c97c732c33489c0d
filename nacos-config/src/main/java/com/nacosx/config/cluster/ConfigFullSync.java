package com.nacosx.config.cluster;

import com.nacosx.config.ConfigProperties;
import com.nacosx.core.util.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * In a cluster sharing MySQL, compares the whole cache with the database every
 * {@code nacos.config.cluster.full-sync-interval} and reloads what differs: a change notice
 * lost to a network fault or a restart is healed within one interval.
 */
@Component
public class ConfigFullSync implements DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigFullSync.class);

    private final StoreReconciler configs;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("config-full-sync"));

    public ConfigFullSync(StoreReconciler configs, SharedStoreCluster cluster, ConfigProperties properties) {
        this.configs = configs;
        if (cluster.shared()) {
            long period = properties.cluster().fullSyncInterval().toMillis();
            timer.scheduleWithFixedDelay(this::sync, period, period, TimeUnit.MILLISECONDS);
        }
    }

    private void sync() {
        try {
            int reloaded = configs.reloadDiffering();
            if (reloaded > 0) {
                LOG.warn("[cluster] full sync reloaded {} configs that differed from the database", reloaded);
            }
        } catch (RuntimeException e) {
            LOG.warn("[cluster] full sync failed ({}); trying again next interval", e.toString());
        }
    }

    @Override
    public void destroy() {
        timer.shutdownNow();
    }
}
