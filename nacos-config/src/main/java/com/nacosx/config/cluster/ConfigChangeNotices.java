package com.nacosx.config.cluster;

import com.nacosx.api.remote.config.ConfigChangeClusterSyncRequest;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.GrayConfig;
import com.nacosx.config.service.ConfigWriteListener;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.http.QueryStrings;
import com.nacosx.core.util.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Tells every peer sharing the MySQL store that this node changed a config
 * ({@code ConfigChangeClusterSyncRequest} over the cluster port; to an official 1.x node, which
 * has none, {@code GET /v1/cs/communication/dataChange} as 1.x nodes tell each other); each
 * reloads it and notifies its own listeners. A notice that fails is sent again,
 * {@link #MAX_TRIES} times in all; what is still missed is healed by {@link ConfigFullSync} (and on
 * a 1.x node by its own periodic dump).
 */
@Component
public class ConfigChangeNotices implements ConfigWriteListener, DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigChangeNotices.class);
    private static final int MAX_TRIES = 3;
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private final SharedStoreCluster cluster;
    private final ServerMemberManager members;
    private final PeerClients peers;
    private final LegacyPeerHttp legacyPeers;
    private final ScheduledExecutorService retries =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("config-cluster-notice"));

    public ConfigChangeNotices(SharedStoreCluster cluster, ServerMemberManager members, PeerClients peers,
            LegacyPeerHttp legacyPeers) {
        this.cluster = cluster;
        this.members = members;
        this.peers = peers;
        this.legacyPeers = legacyPeers;
    }

    @Override
    public void configWritten(ConfigKey key, String variant) {
        if (!cluster.shared()) {
            return;
        }
        long lastModified = System.currentTimeMillis();
        for (Member peer : members.peers()) {
            send(peer, key, variant, lastModified, 1);
        }
    }

    private void send(Member peer, ConfigKey key, String variant, long lastModified, int attempt) {
        CompletableFuture<String> told = peer.isLegacy() ? overHttp(peer, key, variant, lastModified)
                : overGrpc(peer, key, lastModified);
        told.whenComplete((refusal, error) -> {
            if (error == null && refusal == null) {
                return;
            }
            if (attempt >= MAX_TRIES) {
                LOG.warn("[cluster] {} missed the change of {} ({}); the next full sync heals it", peer.address(), key,
                        error != null ? error.toString() : refusal);
                return;
            }
            retries.schedule(() -> send(peer, key, variant, lastModified, attempt + 1), attempt, TimeUnit.SECONDS);
        });
    }

    /** @return a future of null once the peer took the notice, or of why it refused it */
    private CompletableFuture<String> overGrpc(Member peer, ConfigKey key, long lastModified) {
        ConfigChangeClusterSyncRequest notice = new ConfigChangeClusterSyncRequest();
        notice.dataId = key.dataId();
        notice.group = key.group();
        notice.tenant = key.tenant();
        notice.lastModified = lastModified;
        return peers.request(peer, notice, TIMEOUT).thenApply(answer -> answer.isSuccess() ? null : answer.message);
    }

    /**
     * A 1.x node re-reads only what the notice names: the formal content, the beta variant
     * ({@code isBeta: true}) from config_info_beta, or a tag's ({@code tag=}) from config_info_tag.
     */
    private CompletableFuture<String> overHttp(Member peer, ConfigKey key, String variant, long lastModified) {
        StringBuilder query = new StringBuilder(LegacyChangeNoticeHttpApi.PATH)
                .append("?dataId=").append(QueryStrings.encoded(key.dataId()))
                .append("&group=").append(QueryStrings.encoded(key.group()));
        if (!key.tenant().isEmpty()) {
            query.append("&tenant=").append(QueryStrings.encoded(key.tenant()));
        }
        String tag = variant == null ? null : GrayConfig.tagOf(variant);
        if (tag != null) {
            query.append("&tag=").append(QueryStrings.encoded(tag));
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("lastModified", String.valueOf(lastModified));
        headers.put("opHandleIp", members.self().ip());
        if (GrayConfig.BETA.equals(variant)) {
            headers.put(LegacyChangeNoticeHttpApi.BETA_HEADER, "true");
        }
        return legacyPeers.get(peer, query.toString(), headers, TIMEOUT)
                .thenApply(answer -> answer.statusCode() == 200 ? null : "HTTP " + answer.statusCode());
    }

    @Override
    public void destroy() {
        retries.shutdownNow();
    }
}
