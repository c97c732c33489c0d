package com.nacosx.naming.health;

import com.nacosx.core.replication.CommandLog;
import com.nacosx.core.util.DaemonThreads;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.model.InstanceOverride;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.store.NamingCommand;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Drops what an operator set on an instance ({@link InstanceOverride}) once the instance has been
 * gone for {@code nacos.naming.clean.expired-metadata.expired-time}, as the official server drops
 * its instance metadata: an application that restarts within it comes back offline if it was
 * taken offline, while departed instances leave nothing behind. Goes through the naming
 * {@link CommandLog}, which drops it only if the instance is still gone when it applies.
 */
@Component
public class ExpiredOverrideCleaner implements DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(ExpiredOverrideCleaner.class);

    private final ServiceRegistry registry;
    private final CommandLog<ServiceRegistry> durable;
    private final long expiredMillis;
    /** "service key + endpoint" to when this node first saw the endpoint without an instance. */
    private final Map<String, Long> goneSince = new HashMap<>();
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("naming-expired-override-clean"));

    public ExpiredOverrideCleaner(ServiceRegistry registry, CommandLog<ServiceRegistry> durable,
            NamingProperties properties) {
        this.registry = registry;
        this.durable = durable;
        NamingProperties.ExpiredMetadata settings = properties.clean().expiredMetadata();
        this.expiredMillis = settings.expiredTime().toMillis();
        long period = settings.interval().toMillis();
        timer.scheduleWithFixedDelay(this::clean, period, period, TimeUnit.MILLISECONDS);
    }

    void clean() {
        long now = System.currentTimeMillis();
        Set<String> stillGone = new HashSet<>();
        try {
            for (RegisteredService service : registry.all()) {
                for (String endpoint : service.overridesWithoutInstance()) {
                    String id = service.key() + " " + endpoint;
                    stillGone.add(id);
                    long since = goneSince.computeIfAbsent(id, gone -> now);
                    if (now - since >= expiredMillis
                            && durable.submitAndWait(new NamingCommand.DropOverrideIfGone(service.key(), endpoint))) {
                        LOG.info("dropped what an operator set on {} of {}: gone for {} s", endpoint, service.key(),
                                (now - since) / 1000);
                    }
                }
            }
            goneSince.keySet().retainAll(stillGone);
        } catch (RuntimeException e) {
            LOG.error("expired instance override clean failed", e);
        }
    }

    @Override
    public void destroy() {
        timer.shutdownNow();
    }
}
