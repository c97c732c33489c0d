package com.nacosx.config.cluster;

import com.nacosx.api.remote.config.ConfigChangeClusterSyncRequest;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.service.ConfigWriteListener;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.util.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Tells every peer sharing the MySQL store that this node changed a config
 * ({@code ConfigChangeClusterSyncRequest} over the cluster port); each reloads it and notifies its
 * own listeners. A notice that fails is sent again, {@link #MAX_TRIES} times in all; what is
 * still missed is healed by {@link ConfigFullSync}.
 */
@Component
public class ConfigChangeNotices implements ConfigWriteListener, DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigChangeNotices.class);
    private static final int MAX_TRIES = 3;
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private final SharedStoreCluster cluster;
    private final ServerMemberManager members;
    private final PeerClients peers;
    private final ScheduledExecutorService retries =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("config-cluster-notice"));

    public ConfigChangeNotices(SharedStoreCluster cluster, ServerMemberManager members, PeerClients peers) {
        this.cluster = cluster;
        this.members = members;
        this.peers = peers;
    }

    @Override
    public void configWritten(ConfigKey key) {
        if (!cluster.shared()) {
            return;
        }
        ConfigChangeClusterSyncRequest notice = new ConfigChangeClusterSyncRequest();
        notice.dataId = key.dataId();
        notice.group = key.group();
        notice.tenant = key.tenant();
        notice.lastModified = System.currentTimeMillis();
        for (Member peer : members.peers()) {
            send(peer, key, notice, 1);
        }
    }

    private void send(Member peer, ConfigKey key, ConfigChangeClusterSyncRequest notice, int attempt) {
        peers.request(peer, notice, TIMEOUT).whenComplete((answer, error) -> {
            if (error == null && answer.isSuccess()) {
                return;
            }
            if (attempt >= MAX_TRIES) {
                LOG.warn("[cluster] {} missed the change of {} ({}); the next full sync heals it", peer.address(), key,
                        error != null ? error.toString() : answer.message);
                return;
            }
            retries.schedule(() -> send(peer, key, notice, attempt + 1), attempt, TimeUnit.SECONDS);
        });
    }

    @Override
    public void destroy() {
        retries.shutdownNow();
    }
}
