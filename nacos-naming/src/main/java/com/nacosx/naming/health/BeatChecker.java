package com.nacosx.naming.health;

import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.distro.DistroProtocol;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.core.util.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Expires 1.x instances that stopped beating: unhealthy after their heartbeat timeout (15 s),
 * removed after their delete timeout (30 s), each overridable in the instance's metadata
 * ({@code preserved.heart.beat.timeout}, {@code preserved.ip.delete.timeout}).
 */
@Component
public class BeatChecker implements DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(BeatChecker.class);

    private final ServiceRegistry registry;
    private final DistroProtocol distro;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("naming-beat-check"));

    public BeatChecker(ServiceRegistry registry, DistroProtocol distro, NamingProperties properties) {
        this.registry = registry;
        this.distro = distro;
        long period = properties.beat().checkInterval().toMillis();
        timer.scheduleWithFixedDelay(this::checkAll, period, period, TimeUnit.MILLISECONDS);
    }

    void checkAll() {
        long now = System.currentTimeMillis();
        try {
            for (RegisteredService service : registry.all()) {
                for (Map.Entry<String, Publication> entry : service.publications().entrySet()) {
                    // A replicated client is expired by its responsible node, which then says so.
                    if (ClientIds.isBeating(entry.getKey()) && !distro.isReplica(entry.getKey())) {
                        check(service, entry.getKey(), entry.getValue(), now);
                    }
                }
            }
        } catch (RuntimeException e) {
            LOG.error("beat check failed", e);
        }
    }

    private void check(RegisteredService service, String clientId, Publication publication, long now) {
        long silent = now - publication.lastBeat();
        for (InstanceRecord instance : publication.instances()) {
            if (silent > instance.ipDeleteTimeout()) {
                LOG.info("[{}] no beat for {} ms, removing it from {}", clientId, silent, service.key());
                registry.unpublish(clientId, service.key(), i -> true);
                return;
            }
            if (silent > instance.heartBeatTimeout() && instance.healthy()) {
                LOG.info("[{}] no beat for {} ms, marking it unhealthy in {}", clientId, silent, service.key());
                registry.setHealthy(clientId, service.key(), i -> i.sameEndpoint(instance), false);
            }
        }
    }

    @Override
    public void destroy() {
        timer.shutdownNow();
    }
}
