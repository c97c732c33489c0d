package com.nacosx.naming.distro;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.distro.DistroClient;
import com.nacosx.api.remote.distro.DistroDataRequest;
import com.nacosx.api.remote.distro.DistroDataResponse;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.readiness.LoadProgress;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.naming.registry.ClientChangeListener;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.core.util.BackgroundRounds;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

/**
 * Distro, the AP replication of ephemeral naming data. Each ephemeral client has one responsible
 * node (the node a 2.x client is connected to; for a 1.x instance, {@link DistroMapper}'s pick,
 * to which other nodes forward its writes). That node applies the client's changes and, within
 * {@link #SYNC_DELAY_MILLIS}, sends them to every peer: the services the client changed in since
 * the revision it last sent ({@link ChangesToSync}), or the client's full data when the peers may
 * not hold that revision; a peer that cannot apply such a patch asks for the client whole. Every
 * {@link #VERIFY_PERIOD_SECONDS} s it tells each peer the revisions of all clients it is
 * responsible for; a peer fetches what it lacks or has older, and drops the sender's clients the
 * sender has not listed twice in a row. A peer's clients not verified for
 * {@link #REMOTE_EXPIRY_MILLIS} (their node died) are dropped; their 2.x clients have reconnected
 * elsewhere by then (those of a node cut off from the cluster are sent elsewhere by it:
 * {@code CutOffClients}). A node that is itself cut off drops none. A starting node loads every
 * peer's clients before it reports ready, and takes the peers' syncs meanwhile.
 * <p>
 * Syncs travel on calls of their own and may arrive out of order, or after the client has moved
 * to another responsible node: a copy is taken only when it is newer than what this node holds
 * for the client, and a removal is remembered with its revision for {@link #REMOVAL_MEMORY_MILLIS},
 * so that a change made before it, arriving late, cannot bring the client back.
 */
@Component
public class DistroProtocol extends BackgroundRounds implements ClientChangeListener, InitializingBean {

    private static final Logger LOG = LoggerFactory.getLogger(DistroProtocol.class);
    private static final String READINESS_GATE = "distro-load";
    static final long SYNC_DELAY_MILLIS = 200;
    static final long VERIFY_PERIOD_SECONDS = 5;
    static final long REMOTE_EXPIRY_MILLIS = 3 * VERIFY_PERIOD_SECONDS * 1000 + 1000;
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final long LOAD_DEADLINE_MILLIS = 15_000;
    /** Longer than any sync or passed-on write may travel (their calls time out after 5 and 10 s). */
    static final long REMOVAL_MEMORY_MILLIS = 60_000;

    /**
     * A client replicated from the peer responsible for it; {@code unlisted} once its owner's
     * last verify round did not list it.
     */
    private record RemoteClient(String owner, long revision, long lastVerified, boolean unlisted) {

        RemoteClient(String owner, long revision, long lastVerified) {
            this(owner, revision, lastVerified, false);
        }
    }

    private final ServiceRegistry registry;
    private final ServerMemberManager members;
    private final PeerClients peers;
    private final ServerReadiness readiness;
    private final boolean clustered;
    /**
     * A change's revision: the microsecond it was made, or one more than the last when the clock
     * has not moved on, so that two nodes' revisions of one client say which change came last.
     */
    private final AtomicLong revisionClock = new AtomicLong();
    private final Map<String, Long> localRevisions = new ConcurrentHashMap<>();
    private final Map<String, RemoteClient> remote = new ConcurrentHashMap<>();
    /** Clients removed lately, here or by their responsible node, by the revision of the removal. */
    private final Map<String, Long> removals = new ConcurrentHashMap<>();
    private final ChangesToSync changes = new ChangesToSync();
    /**
     * Removals with their revisions that did not reach a peer, by its address: sent again every
     * verify round until it takes them. A removal made while a peer was cut off would otherwise
     * reach it only through its verify rounds, which list what the owner holds, not what it removed;
     * a client that deregistered through a node cut off from its responsible node stayed listed on
     * the others until it expired there.
     */
    private final Map<String, Map<String, Long>> undeliveredRemovals = new ConcurrentHashMap<>();
    /** 1.x clients this node expired, until the sync that says so is taken. */
    private final Set<String> expired = ConcurrentHashMap.newKeySet();
    /** Clients taken over since the last sync, by the peer that held them. */
    private final Map<String, LongAdder> takenOver = new ConcurrentHashMap<>();
    private final DistroMetrics metrics;
    private final LoadProgress progress;
    private final CompletableFuture<Void> loaded = new CompletableFuture<>();
    /** The peers' snapshots may arrive before the rounds start; they are applied from then on. */
    private final CompletableFuture<Void> roundsStarted = new CompletableFuture<>();
    /** Held while a peer's copy of a client is applied: a snapshot and a sync of one client may meet. */
    private final Object applying = new Object();

    public DistroProtocol(ServiceRegistry registry, ServerMemberManager members, PeerClients peers,
            ServerReadiness readiness, ClusterSettings settings, MeterRegistry meters, LoadProgress progress) {
        super("naming-distro");
        this.registry = registry;
        this.members = members;
        this.peers = peers;
        this.readiness = readiness;
        this.progress = progress;
        this.metrics = new DistroMetrics(meters, localRevisions::size, remote::size);
        this.clustered = !settings.standalone();
        if (clustered) {
            readiness.close(READINESS_GATE);
        } else {
            loaded.complete(null);
        }
    }

    /**
     * Asks the peers for their snapshots while the rest of the context is still being built, as
     * soon as the first member reports are answered (they tell the official 1.x members, who have
     * none, apart); they are applied once the rounds start. Asked for at the start of the rounds
     * instead, a restart under the held load waited for them 0.34-0.47 s after everything else had
     * started: each peer's 2 MB answer arrived 0.5-0.7 s after the ask and took 0.8-1.0 s more to
     * decode and apply (bench/RESULTS.md).
     */
    @Override
    public void afterPropertiesSet() {
        if (clustered) {
            members.firstReports().whenComplete((answered, error) -> once(this::loadFromPeers));
        }
    }

    /**
     * Completes once the peers' clients are loaded (or their deadline passed); at once on a
     * standalone node.
     */
    public CompletableFuture<Void> loaded() {
        return loaded;
    }

    /**
     * Whether the client is replicated from the peer responsible for it: this node neither expires
     * it nor replicates it, its responsible node does.
     */
    public boolean isReplica(String clientId) {
        return remote.containsKey(clientId);
    }

    @Override
    public void clientChanged(String clientId, ServiceKey service) {
        if (!clustered || remote.containsKey(clientId) || ClientIds.isPersistent(clientId)
                || ClientIds.isLegacyDatum(clientId)) {
            return;
        }
        changes.changed(clientId, service);
        // The larger kept: two changes of one client at once may put their revisions out of order.
        localRevisions.merge(clientId, revisionClock.accumulateAndGet(ChangeClock.now(),
                (last, wall) -> Math.max(last + 1, wall)), Math::max);
    }

    /**
     * Whether the client changed, or was removed, at or after {@code micros} ({@link ChangeClock}),
     * as far as this node knows: a write of the client made before then arrives late.
     */
    public boolean changedSince(String clientId, long micros) {
        RemoteClient replica = remote.get(clientId);
        long latest = Math.max(localRevisions.getOrDefault(clientId, Long.MIN_VALUE),
                Math.max(replica == null ? Long.MIN_VALUE : replica.revision(),
                        removals.getOrDefault(clientId, Long.MIN_VALUE)));
        return latest >= micros;
    }

    /**
     * This node is now responsible for a 1.x client it may hold as a peer's (the members changed,
     * so the hash picks another node): from now on it expires and replicates the client itself,
     * and its next sync tells the peers so. A member change moves a share of every node's clients
     * at once, so the log says how many were taken over from whom at each sync, not each one.
     */
    public void claim(String ip, int port) {
        if (!clustered) {
            return;
        }
        String clientId = ClientIds.ofAddress(ip, port, true);
        RemoteClient previous = remote.remove(clientId);
        if (previous == null) {
            return;
        }
        LOG.debug("[distro] taking over {} from {}", clientId, previous.owner());
        takenOver.computeIfAbsent(previous.owner(), owner -> new LongAdder()).increment();
        clientChanged(clientId, null);
    }

    /**
     * A 1.x client's beat reached this node, which holds the client as a peer's and answered it from
     * its copy: the client is alive whatever its owner's verify rounds say, so the copy is kept as if
     * verified. Its owner may be out of reach of this node (a cut link) while its beats come here
     * until the members see that owner down and this node claims the client; dropped meanwhile, the
     * instance went unlisted until the client registered again (found by the long fault runs).
     */
    public void beatHeard(String ip, int port) {
        remote.computeIfPresent(ClientIds.ofAddress(ip, port, true), (clientId, known) ->
                new RemoteClient(known.owner(), known.revision(), System.currentTimeMillis(), known.unlisted()));
    }

    /**
     * A 1.x client of this node's stopped beating here: its instances in the service go, and if it
     * publishes nothing more, the peers are told to drop this node's copy only, without the
     * removal's revision that would win over any other node's copy. Over a one-way cut two nodes
     * that do not hear each other may both hold the client as theirs; the one its beats reach less
     * often expires it while the other still hears them. With the revision, the third node dropped
     * the other's copy and refused it back as older than the removal: the live instance went
     * unlisted there for 25 s (found by the long fault runs). A client that deregisters is still
     * removed with the revision.
     */
    public void expire(String clientId, ServiceKey service) {
        expired.add(clientId);
        registry.unpublish(clientId, service, instance -> true);
    }

    /** Serves a peer's Distro request. */
    public Response handle(DistroDataRequest request) {
        DistroDataResponse response = new DistroDataResponse();
        switch (request.dataOperation) {
            case DistroDataRequest.CHANGE -> request.clients.forEach(client -> apply(request.source, client));
            case DistroDataRequest.PATCH -> request.clients.forEach(client -> {
                if (!patch(request.source, client)) {
                    response.wanted.add(client.clientId);
                }
            });
            case DistroDataRequest.DELETE -> request.clientIds.forEach(id -> removed(request.source, id,
                    request.revisions.get(id)));
            case DistroDataRequest.VERIFY -> verify(request.source, request.revisions);
            case DistroDataRequest.QUERY -> response.clients.addAll(local(request.clientIds));
            case DistroDataRequest.SNAPSHOT -> response.clients.addAll(local(localRevisions.keySet()));
            default -> throw NacosException.badRequest("unknown Distro operation '" + request.dataOperation
                    + "'; use CHANGE, PATCH, DELETE, VERIFY, QUERY or SNAPSHOT");
        }
        metrics.received(request.dataOperation);
        return response;
    }

    /** Those of the clients this node is responsible for, whole. */
    private List<DistroClient> local(Collection<String> clientIds) {
        List<DistroClient> clients = new ArrayList<>();
        for (String clientId : clientIds) {
            DistroClient client = local(clientId);
            if (client != null) {
                clients.add(client);
            }
        }
        return clients;
    }

    private DistroClient local(String clientId) {
        Long revision = localRevisions.get(clientId);
        if (revision == null || remote.containsKey(clientId)) {
            return null;
        }
        return DistroCodec.encode(clientId, revision, registry.publishedBy(clientId));
    }

    /**
     * Holds a peer's copy of a client as that peer's, unless this node made the client its own
     * after the peer did. Two nodes can make a 1.x client theirs at once (both starting, each sees
     * only itself serving, and both take over a 1.x member's instance; or a beat claims it while a
     * peer's sync is on its way): each then takes the other's copy, neither lists the client in its
     * verify round, and both drop it. The later change wins on both nodes instead: a node whose
     * copy is the later sends it again, and the peer takes it as this node's.
     */
    private void apply(String owner, DistroClient client) {
        synchronized (applying) {
            Long ours = localRevisions.get(client.clientId);
            if (ours != null && ours > client.revision) {
                changes.changed(client.clientId, null);
                return;
            }
            RemoteClient held = remote.get(client.clientId);
            Long removedAt = removals.get(client.clientId);
            if ((held != null && held.revision() > client.revision)
                    || (removedAt != null && removedAt >= client.revision)) {
                metrics.late();
                return;
            }
            localRevisions.remove(client.clientId);
            changes.forget(client.clientId);
            // Known as a replica before the registry changes, so the change is not replicated back.
            remote.put(client.clientId, new RemoteClient(owner, client.revision, System.currentTimeMillis()));
            registry.replaceClient(client.clientId, DistroCodec.decode(client));
        }
    }

    /**
     * Applies a peer's patch of a client held at a revision from its base on, which holds every
     * change made up to that revision: the patch names every service changed since its base.
     *
     * @return false when this node cannot apply it and wants the client whole
     */
    private boolean patch(String owner, DistroClient patch) {
        synchronized (applying) {
            RemoteClient held = remote.get(patch.clientId);
            Long removedAt = removals.get(patch.clientId);
            if ((held != null && held.revision() >= patch.revision)
                    || (removedAt != null && removedAt >= patch.revision)) {
                metrics.late();
                return true;
            }
            Long ours = localRevisions.get(patch.clientId);
            if (ours != null && ours > patch.revision) {
                changes.changed(patch.clientId, null);
                return true;
            }
            if (held == null || !held.owner().equals(owner) || held.revision() < patch.baseRevision) {
                return false;
            }
            remote.put(patch.clientId, new RemoteClient(owner, patch.revision, System.currentTimeMillis()));
            DistroCodec.decode(patch).forEach((key, instances) ->
                    registry.replacePublication(patch.clientId, key, instances));
            return true;
        }
    }

    /**
     * A peer's snapshot, loaded while this node starts. A client a sync has brought already is kept:
     * the sync was sent after the change, and the snapshot may have been made before it.
     */
    void loadSnapshot(String owner, List<DistroClient> clients) {
        for (DistroClient client : clients) {
            synchronized (applying) {
                if (!remote.containsKey(client.clientId)) {
                    apply(owner, client);
                }
            }
        }
    }

    /**
     * A peer removed the client. With the removal's revision (every node of ours sends it) the
     * removal wins over any older copy, whoever holds it: the client may have moved to the sender
     * while this node still holds the previous responsible node's copy, or is responsible itself
     * by a view of the members the sender does not share. Without it, only the sender's own copy
     * goes.
     */
    private void removed(String sender, String clientId, Long revision) {
        if (revision == null) {
            dropRemote(clientId, sender);
            return;
        }
        synchronized (applying) {
            removals.merge(clientId, revision, Math::max);
            RemoteClient held = remote.get(clientId);
            Long ours = localRevisions.get(clientId);
            if (held != null && held.revision() < revision) {
                dropRemote(clientId, held.owner());
            } else if (ours != null && ours < revision) {
                // Known as the sender's replica while it goes, so the removal is not replicated back.
                localRevisions.remove(clientId);
                changes.forget(clientId);
                remote.put(clientId, new RemoteClient(sender, revision, System.currentTimeMillis()));
                dropRemote(clientId, sender);
            }
        }
    }

    private void dropRemote(String clientId, String owner) {
        RemoteClient known = remote.get(clientId);
        if (known != null && known.owner().equals(owner)) {
            // Removed while still known as a replica, so the removal is not replicated back.
            registry.removeClient(clientId);
            remote.remove(clientId, known);
        }
    }

    /**
     * A peer listed every client it is responsible for: fetch what differs, drop what it has not
     * listed twice in a row. Not at once: a client two nodes held at a hand-over may have come
     * from the one that gave it up (in its snapshot, say), and the node that took it lists it here
     * within a round, which makes it that node's.
     */
    private void verify(String owner, Map<String, Long> revisions) {
        List<String> stale = staleReplicas(owner, revisions);
        for (Map.Entry<String, RemoteClient> entry : remote.entrySet()) {
            RemoteClient known = entry.getValue();
            if (known.owner().equals(owner) && !revisions.containsKey(entry.getKey())) {
                if (known.unlisted()) {
                    dropRemote(entry.getKey(), owner);
                } else {
                    remote.replace(entry.getKey(), known, new RemoteClient(owner, known.revision(),
                            known.lastVerified(), true));
                }
            }
        }
        Member source = memberAt(owner);
        if (!stale.isEmpty() && source != null) {
            DistroDataRequest query = request(DistroDataRequest.QUERY);
            query.clientIds.addAll(stale);
            peers.request(source, query, TIMEOUT).whenComplete((answer, error) -> {
                metrics.sent(DistroDataRequest.QUERY, error == null && answer.isSuccess());
                if (answer instanceof DistroDataResponse data) {
                    data.clients.stream().filter(client -> !localRevisions.containsKey(client.clientId))
                            .forEach(client -> apply(owner, client));
                }
            });
        }
    }

    /**
     * Marks the replicas a peer listed as verified and returns those to fetch from it: unknown here
     * or changed. A client this node took over is not fetched back, though the peer lists it until
     * this node's next sync reaches it: fetched, it would be the peer's again here, this node would
     * not tell the peer it took it over, and the peer would expire it while its beats come here.
     */
    List<String> staleReplicas(String owner, Map<String, Long> revisions) {
        long now = System.currentTimeMillis();
        List<String> stale = new ArrayList<>();
        revisions.forEach((clientId, revision) -> {
            if (localRevisions.containsKey(clientId)) {
                return;
            }
            RemoteClient known = remote.get(clientId);
            if (known == null || known.revision() != revision) {
                stale.add(clientId);
            } else {
                remote.put(clientId, new RemoteClient(owner, revision, now));
            }
        });
        return stale;
    }

    private Member memberAt(String address) {
        return members.grpcPeers().stream().filter(m -> m.address().equals(address)).findFirst().orElse(null);
    }

    /** Sends each changed client to every peer. */
    private void flush() {
        logTakenOver();
        List<DistroDataRequest> syncs = takeSyncs();
        for (Member peer : members.grpcPeers()) {
            syncs.forEach(sync -> send(peer, sync));
        }
    }

    /**
     * The changes since the last sync as the requests that send them, none empty: a patch of the
     * services a client changed in when the peers were sent its last revision, the client whole when
     * not, its removal when it publishes nothing any more (with its revision unless it expired). A
     * client's revision is read before its changes are taken, so that the client as sent holds every
     * change made up to that revision.
     */
    List<DistroDataRequest> takeSyncs() {
        if (changes.isEmpty()) {
            return List.of();
        }
        DistroDataRequest whole = request(DistroDataRequest.CHANGE);
        DistroDataRequest patch = request(DistroDataRequest.PATCH);
        DistroDataRequest delete = request(DistroDataRequest.DELETE);
        for (String clientId : changes.changedClients()) {
            Long revision = remote.containsKey(clientId) ? null : localRevisions.get(clientId);
            ChangesToSync.Change change = changes.take(clientId);
            if (change == null) {
                continue;
            }
            boolean expiredHere = expired.remove(clientId);
            Long sentRevision = changes.sentRevision(clientId);
            if (revision != null && registry.publishes(clientId)) {
                changes.sent(clientId, revision);
                if (change.whole() || sentRevision == null) {
                    whole.clients.add(DistroCodec.encode(clientId, revision, registry.publishedBy(clientId)));
                } else {
                    patch.clients.add(patchOf(clientId, revision, sentRevision, change.services()));
                }
                continue;
            }
            changes.forget(clientId);
            delete.clientIds.add(clientId);
            if (revision == null) {
                continue;
            }
            if (!expiredHere) {
                // Remembered before the revision goes: a late beat judged in between would find
                // neither (changedSince) and register the client again.
                removals.merge(clientId, revision, Math::max);
            }
            if (localRevisions.remove(clientId, revision) && !expiredHere) {
                delete.revisions.put(clientId, revision);
            }
        }
        return Stream.of(whole, patch, delete)
                .filter(request -> !request.clients.isEmpty() || !request.clientIds.isEmpty()).toList();
    }

    /** The client's instances in each of the services, none where it no longer publishes. */
    private DistroClient patchOf(String clientId, long revision, long baseRevision, Set<ServiceKey> services) {
        Map<ServiceKey, List<InstanceRecord>> changed = new HashMap<>();
        for (ServiceKey service : services) {
            Publication publication = registry.publication(clientId, service);
            changed.put(service, publication == null ? List.of() : publication.instances());
        }
        DistroClient patch = DistroCodec.encode(clientId, revision, changed);
        patch.baseRevision = baseRevision;
        return patch;
    }

    private void logTakenOver() {
        for (String owner : List.copyOf(takenOver.keySet())) {
            long count = takenOver.remove(owner).sum();
            LOG.info("[distro] took over {} clients from {}: their beats come here now", count, owner);
        }
    }

    private void verifyPeers() {
        DistroDataRequest verify = request(DistroDataRequest.VERIFY);
        verify.revisions.putAll(new HashMap<>(localRevisions));
        changes.retainOnly(localRevisions.keySet());
        List<Member> peersNow = members.grpcPeers();
        undeliveredRemovals.keySet().retainAll(peersNow.stream().map(Member::address).toList());
        for (Member peer : peersNow) {
            send(peer, verify);
            DistroDataRequest lostRemovals = undeliveredRemovalsTo(peer.address());
            if (lostRemovals != null) {
                send(peer, lostRemovals);
            }
        }
        long forgotten = ChangeClock.before(REMOVAL_MEMORY_MILLIS);
        removals.values().removeIf(revision -> revision < forgotten);
        if (members.isCutOff()) {
            // Cut off from the cluster, this node hears from no peer: their clients are not gone
            // for that, and it keeps answering what it last had until it hears again.
            return;
        }
        dropUnverified(System.currentTimeMillis());
    }

    /** Drops the replicas their owners have not verified for {@link #REMOTE_EXPIRY_MILLIS} before {@code now}. */
    void dropUnverified(long now) {
        long cutoff = now - REMOTE_EXPIRY_MILLIS;
        remote.forEach((clientId, known) -> {
            if (known.lastVerified() < cutoff) {
                LOG.info("[distro] {} from {} not verified since {}: dropping it", clientId, known.owner(),
                        known.lastVerified());
                dropRemote(clientId, known.owner());
            }
        });
    }

    /**
     * The removals that did not reach the peer, as one request taken off the list (a failure puts
     * them back); null when there are none.
     */
    DistroDataRequest undeliveredRemovalsTo(String peer) {
        Map<String, Long> revisions = undeliveredRemovals.remove(peer);
        if (revisions == null || revisions.isEmpty()) {
            return null;
        }
        DistroDataRequest delete = request(DistroDataRequest.DELETE);
        delete.clientIds.addAll(revisions.keySet());
        delete.revisions.putAll(revisions);
        return delete;
    }

    /** A request that did not reach the peer: its removals are kept to send again at the next verify round. */
    void notDelivered(String peer, DistroDataRequest request) {
        if (DistroDataRequest.DELETE.equals(request.dataOperation) && !request.revisions.isEmpty()) {
            Map<String, Long> pending = undeliveredRemovals.computeIfAbsent(peer, address -> new ConcurrentHashMap<>());
            request.revisions.forEach((clientId, revision) -> pending.merge(clientId, revision, Math::max));
        }
    }

    /**
     * A change that does not reach a peer is repaired by the next patch's answer or verify round,
     * a removal by sending it again.
     */
    private void send(Member peer, DistroDataRequest request) {
        peers.request(peer, request, TIMEOUT).whenComplete((answer, error) -> {
            metrics.sent(request.dataOperation, error == null && answer.isSuccess());
            if (error != null || !answer.isSuccess()) {
                LOG.debug("[distro] {} to {} failed: {}", request.dataOperation, peer.address(),
                        error != null ? error.toString() : answer.message);
                notDelivered(peer.address(), request);
            } else if (answer instanceof DistroDataResponse data && !data.wanted.isEmpty()) {
                sendWhole(peer, data.wanted);
            }
        });
    }

    /** The clients a peer could not patch, as they are now. */
    private void sendWhole(Member peer, List<String> clientIds) {
        DistroDataRequest whole = request(DistroDataRequest.CHANGE);
        whole.clients.addAll(local(clientIds));
        if (!whole.clients.isEmpty()) {
            send(peer, whole);
        }
    }

    private DistroDataRequest request(String operation) {
        DistroDataRequest request = new DistroDataRequest();
        request.dataOperation = operation;
        request.source = members.self().address();
        return request;
    }

    /** Loads every reachable peer's clients, then opens readiness (at the latest after a deadline). */
    private void loadFromPeers() {
        List<Member> sources = members.grpcPeers();
        LoadProgress.Load load = progress.begin("distro-snapshot", "the peers' Distro snapshots (one item a peer)",
                sources.size());
        List<CompletableFuture<?>> loads = new ArrayList<>();
        for (Member peer : sources) {
            CompletableFuture<Response> snapshot = peers.request(peer, request(DistroDataRequest.SNAPSHOT), TIMEOUT);
            loads.add(roundsStarted.thenCompose(started -> snapshot).whenCompleteAsync((answer, error) -> {
                metrics.sent(DistroDataRequest.SNAPSHOT, error == null && answer.isSuccess());
                load.advance(1);
                if (answer instanceof DistroDataResponse data) {
                    loadSnapshot(peer.address(), data.clients);
                    LOG.info("[distro] loaded {} clients from {}", data.clients.size(), peer.address());
                } else {
                    LOG.info("[distro] no snapshot from {} ({})", peer.address(), error != null ? error : answer.message);
                }
            }, thread()).exceptionally(error -> null));
        }
        CompletableFuture.allOf(loads.toArray(CompletableFuture[]::new))
                .orTimeout(LOAD_DEADLINE_MILLIS, TimeUnit.MILLISECONDS)
                .whenComplete((done, error) -> {
                    load.close();
                    readiness.open(READINESS_GATE);
                    loaded.complete(null);
                });
    }

    /**
     * Starts with the ports, before the Raft groups start on the main thread: the peers' snapshots
     * were the last gate of a restart under load once the HTTP warm-up no longer held it, and they
     * were applied only after the groups had started (bench/RESULTS.md).
     */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 1;
    }

    @Override
    protected void scheduleRounds() {
        if (clustered) {
            roundsStarted.complete(null);
            every(SYNC_DELAY_MILLIS, SYNC_DELAY_MILLIS, TimeUnit.MILLISECONDS, this::flush);
            every(VERIFY_PERIOD_SECONDS, VERIFY_PERIOD_SECONDS, TimeUnit.SECONDS, this::verifyPeers);
        }
    }
}
