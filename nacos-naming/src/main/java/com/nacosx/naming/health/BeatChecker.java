package com.nacosx.naming.health;

import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.util.DaemonThreads;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.distro.DistroProtocol;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
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
 *
 * <p>Not while this node is cut off from its cluster ({@link ServerMemberManager#isCutOff}): a 1.x
 * client sends each beat to a server it picks at random, and its beats may all have gone to the
 * nodes this one cannot hear; removed here, the instance was gone from this node for a minute after
 * the heal (found by the long fault runs). Silence is counted from the moment it hears its cluster
 * again, by when Distro has told it which node holds the client now.
 */
@Component
public class BeatChecker implements DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(BeatChecker.class);

    private final ServiceRegistry registry;
    private final DistroProtocol distro;
    private final ServerMemberManager members;
    /** The last check that found this node cut off from its cluster, 0 before any. */
    private long cutOffAt;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("naming-beat-check"));

    public BeatChecker(ServiceRegistry registry, DistroProtocol distro, ServerMemberManager members,
            NamingProperties properties) {
        this.registry = registry;
        this.distro = distro;
        this.members = members;
        long period = properties.beat().checkInterval().toMillis();
        timer.scheduleWithFixedDelay(this::checkAll, period, period, TimeUnit.MILLISECONDS);
    }

    void checkAll() {
        long now = System.currentTimeMillis();
        if (members.isCutOff()) {
            cutOffAt = now;
            return;
        }
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
        long silent = now - Math.max(publication.lastBeat(), cutOffAt);
        for (InstanceRecord instance : publication.instances()) {
            if (silent > instance.ipDeleteTimeout()) {
                LOG.info("[{}] no beat for {} ms, removing it from {}", clientId, silent, service.key());
                distro.expire(clientId, service.key());
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
