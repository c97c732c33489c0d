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
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Tells every peer sharing the MySQL store that this node changed a config
 * ({@code ConfigChangeClusterSyncRequest} over the cluster port; to an official 1.x node, which
 * has none, {@code GET /v1/cs/communication/dataChange} as 1.x nodes tell each other); each
 * reloads it and notifies its own listeners.
 * <p>
 * A notice the peer did not take (unreachable, or cut from the database so that its reload
 * failed) is kept for that peer and sent again every {@link #RESEND_INTERVAL} until the peer
 * takes it or leaves the members: a peer that missed a change would otherwise serve the old
 * content until the next full sync ({@link ConfigFullSync}, minutes). The peer reloads what the
 * store holds when it takes a notice, so only the newest notice of a config is kept, and a round
 * sends a peer's notices one after the other, stopping at the first it refuses: a peer that is
 * down costs one request a round, however many changes it missed. What a restart of this node
 * drops is healed by the peer's full sync.
 */
@Component
public class ConfigChangeNotices implements ConfigWriteListener, DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigChangeNotices.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(3);
    private static final Duration RESEND_INTERVAL = Duration.ofSeconds(1);

    private final SharedStoreCluster cluster;
    private final ServerMemberManager members;
    private final PeerClients peers;
    private final LegacyPeerHttp legacyPeers;
    /** By peer address: the changes it has not taken, each with the time of its newest write. */
    private final Map<String, Map<Change, Long>> unsent = new ConcurrentHashMap<>();
    /** The peers a round is still sending to: the next round leaves them alone, one request in flight each. */
    private final Set<String> resending = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService resender =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("config-cluster-notice"));

    /** @param variant the gray variant changed, or null for the formal content (a 1.x peer re-reads only what it names) */
    private record Change(ConfigKey key, String variant) {
    }

    public ConfigChangeNotices(SharedStoreCluster cluster, ServerMemberManager members, PeerClients peers,
            LegacyPeerHttp legacyPeers) {
        this.cluster = cluster;
        this.members = members;
        this.peers = peers;
        this.legacyPeers = legacyPeers;
        if (cluster.shared()) {
            long interval = RESEND_INTERVAL.toMillis();
            resender.scheduleWithFixedDelay(this::resendRound, interval, interval, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void configWritten(ConfigKey key, String variant) {
        if (!cluster.shared()) {
            return;
        }
        Change change = new Change(key, variant);
        long lastModified = System.currentTimeMillis();
        for (Member peer : members.peers()) {
            send(peer, change, lastModified).thenAccept(refusal -> {
                if (refusal != null) {
                    keep(peer, change, lastModified, refusal);
                }
            });
        }
    }

    private void keep(Member peer, Change change, long lastModified, String refusal) {
        Map<Change, Long> missed = unsent.computeIfAbsent(peer.address(), address -> new ConcurrentHashMap<>());
        if (missed.isEmpty()) {
            LOG.warn("[cluster] {} did not take the change of {} ({}); sending it again every {} s until it does",
                    peer.address(), change.key(), refusal, RESEND_INTERVAL.toSeconds());
        }
        missed.merge(change, lastModified, Math::max);
    }

    private void resendRound() {
        try {
            resendToCurrentPeers();
        } catch (RuntimeException e) {
            LOG.warn("[cluster] a round of sending missed changes again failed ({}); trying next round", e.toString());
        }
    }

    private void resendToCurrentPeers() {
        if (unsent.isEmpty()) {
            return;
        }
        Map<String, Member> current = new LinkedHashMap<>();
        members.peers().forEach(peer -> current.put(peer.address(), peer));
        for (Iterator<Map.Entry<String, Map<Change, Long>>> peersMissing = unsent.entrySet().iterator();
                peersMissing.hasNext(); ) {
            Map.Entry<String, Map<Change, Long>> entry = peersMissing.next();
            Member peer = current.get(entry.getKey());
            if (peer == null) {
                LOG.info("[cluster] {} left the members; dropping the {} changes it had not taken", entry.getKey(),
                        entry.getValue().size());
                peersMissing.remove();
            } else if (!entry.getValue().isEmpty() && resending.add(peer.address())) {
                resendInTurn(peer, entry.getValue()).whenComplete((done, error) -> resending.remove(peer.address()));
            }
        }
    }

    /** Sends the peer's missed changes one after the other until it refuses one (that one stays kept). */
    private CompletableFuture<Void> resendInTurn(Member peer, Map<Change, Long> missed) {
        Optional<Map.Entry<Change, Long>> next = missed.entrySet().stream().findFirst();
        if (next.isEmpty()) {
            LOG.info("[cluster] {} took every change it had missed", peer.address());
            return CompletableFuture.completedFuture(null);
        }
        Change change = next.get().getKey();
        long lastModified = next.get().getValue();
        return send(peer, change, lastModified).thenCompose(refusal -> {
            // A newer write of the same config while this was in flight keeps it for the next round.
            boolean taken = refusal == null && missed.remove(change, lastModified);
            return taken ? resendInTurn(peer, missed) : CompletableFuture.completedFuture(null);
        });
    }

    /** @return a future of null once the peer took the notice, or of why it did not (never failed) */
    private CompletableFuture<String> send(Member peer, Change change, long lastModified) {
        CompletableFuture<String> told = peer.isLegacy() ? overHttp(peer, change, lastModified)
                : overGrpc(peer, change.key(), lastModified);
        return told.exceptionally(Throwable::toString);
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
    private CompletableFuture<String> overHttp(Member peer, Change change, long lastModified) {
        ConfigKey key = change.key();
        StringBuilder query = new StringBuilder(LegacyChangeNoticeHttpApi.PATH)
                .append("?dataId=").append(QueryStrings.encoded(key.dataId()))
                .append("&group=").append(QueryStrings.encoded(key.group()));
        if (!key.tenant().isEmpty()) {
            query.append("&tenant=").append(QueryStrings.encoded(key.tenant()));
        }
        String tag = change.variant() == null ? null : GrayConfig.tagOf(change.variant());
        if (tag != null) {
            query.append("&tag=").append(QueryStrings.encoded(tag));
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("lastModified", String.valueOf(lastModified));
        headers.put("opHandleIp", members.self().ip());
        if (GrayConfig.BETA.equals(change.variant())) {
            headers.put(LegacyChangeNoticeHttpApi.BETA_HEADER, "true");
        }
        return legacyPeers.get(peer, query.toString(), headers, TIMEOUT)
                .thenApply(answer -> answer.statusCode() == 200 ? null : "HTTP " + answer.statusCode());
    }

    @Override
    public void destroy() {
        resender.shutdownNow();
    }
}
