package com.nacosx.naming.health;

import com.nacosx.core.replication.CommandLog;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.store.NamingCommand;
import com.nacosx.core.util.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Removes services that have had no instance for {@code nacos.naming.clean.empty-service.expired-time},
 * so services of departed applications do not pile up. A service kept in durable storage goes
 * through the naming {@link CommandLog}, so every node of a cluster drops it together.
 */
@Component
public class EmptyServiceCleaner implements DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(EmptyServiceCleaner.class);

    private final ServiceRegistry registry;
    private final CommandLog<ServiceRegistry> durable;
    private final long expiredMillis;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("naming-empty-service-clean"));

    public EmptyServiceCleaner(ServiceRegistry registry, CommandLog<ServiceRegistry> durable, NamingProperties properties) {
        this.registry = registry;
        this.durable = durable;
        NamingProperties.EmptyService settings = properties.clean().emptyService();
        this.expiredMillis = settings.expiredTime().toMillis();
        long period = settings.interval().toMillis();
        timer.scheduleWithFixedDelay(this::clean, period, period, TimeUnit.MILLISECONDS);
    }

    void clean() {
        long cutoff = System.currentTimeMillis() - expiredMillis;
        try {
            for (RegisteredService service : registry.all()) {
                if (service.instanceCount() > 0) {
                    continue;
                }
                boolean removed = service.durable()
                        ? durable.submitAndWait(new NamingCommand.RemoveEmptyService(service.key(), cutoff))
                        : registry.removeIfEmptySince(service.key(), cutoff);
                if (removed) {
                    LOG.info("removed empty service {}", service.key());
                }
            }
        } catch (RuntimeException e) {
            LOG.error("empty service clean failed", e);
        }
    }

    @Override
    public void destroy() {
        timer.shutdownNow();
    }
}
