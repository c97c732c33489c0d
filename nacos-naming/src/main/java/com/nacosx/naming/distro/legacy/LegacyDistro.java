package com.nacosx.naming.distro.legacy;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.NodeState;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.http.Json;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.upgrade.SelfUpgradeCheck;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.core.util.BackgroundRounds;
import com.nacosx.naming.distro.DistroMapper;
import com.nacosx.naming.distro.DistroProtocol;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceChangeListener;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.service.InstanceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * 1.x Distro with official 1.x members, over HTTP as they speak it. Beside them a service belongs
 * to one member as 1.x reckons it ({@link DistroMapper#serviceOwner}). For a service one of ours
 * owns, its owner sends the whole instance list to every 1.x member within
 * {@link #SYNC_DELAY_MILLIS} of a change, and every {@link #VERIFY_PERIOD_SECONDS} s the checksums
 * of all it owns; a 1.x member pulls what differs. A service a 1.x member owns arrives the same way
 * and is held as one client per service; it is dropped when its owner has not vouched for it
 * for {@link #EXPIRY_MILLIS} (a matching checksum or a datum), or adopted when
 * the service becomes ours (see {@link #adoptServicesNowOurs}). All this is double
 * write, on only in a rolling upgrade from 1.x ({@link UpgradeJudgement}); in a cluster of ours
 * only nothing is sent.
 * <p>
 * A node of ours that starts beside 1.x members first loads everything one of them holds
 * ({@code GET /v1/ns/distro/datums}, as a starting 1.x member does) and adopts what is now its
 * own, before it sends anything or reports ready: a 1.x member routes the beats of the services
 * that hash to this node here as soon as it sees the node, and drops those of its services this
 * node's first checksums leave out, so a node that started empty would make every such client
 * register again.
 */
@Component
public class LegacyDistro extends BackgroundRounds implements ServiceChangeListener, SelfUpgradeCheck {

    private static final Logger LOG = LoggerFactory.getLogger(LegacyDistro.class);
    static final String DATUM_PATH = "/v1/ns/distro/datum";
    static final String CHECKSUM_PATH = "/v1/ns/distro/checksum";
    static final String STATUS_PATH = "/v1/ns/service/status";
    /** As 1.x: half its task dispatch period. */
    static final long SYNC_DELAY_MILLIS = 1000;
    static final long VERIFY_PERIOD_SECONDS = 5;
    static final long EXPIRY_MILLIS = 3 * VERIFY_PERIOD_SECONDS * 1000 + 1000;
    /** Owned services are sent whole every this many verify rounds (10 s: under a 1.x node's 15 s beat timeout). */
    static final int REFRESH_ROUNDS = 2;
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** A 1.x member's whole snapshot: tens of thousands of instances from a busy node. */
    private static final Duration LOAD_TIMEOUT = Duration.ofSeconds(60);
    /** Both complete within their own deadlines; this only guards against one that never does. */
    private static final long START_BOUND_SECONDS = 60;
    private static final String READINESS_GATE = "legacy-distro-load";
    private static final Map<String, String> JSON_BODY = Map.of("Content-Type", LegacyPeerHttp.JSON);

    private final ServiceRegistry registry;
    private final DistroMapper mapper;
    private final ServerMemberManager members;
    private final LegacyPeerHttp http;
    private final UpgradeJudgement upgrade;
    private final InstanceService instances;
    private final DistroProtocol ours;
    private final ServerReadiness readiness;
    private final boolean clustered;
    /** Whether the 1.x members' snapshot is loaded (or there was none to load): nothing is sent before. */
    private volatile boolean loaded;
    private final Set<ServiceKey> dirty = ConcurrentHashMap.newKeySet();
    /** Owned services last sent with instances: the one change that empties them must still be sent. */
    private final Set<ServiceKey> sentWithInstances = ConcurrentHashMap.newKeySet();
    private final HeldServices held;
    private final ConnectionBeats connectionBeats;
    private final AtomicLong timestamp = new AtomicLong();
    /** Verify rounds so far; only the rounds' thread counts them. */
    private long verifyRounds;

    public LegacyDistro(ServiceRegistry registry, DistroMapper mapper, ServerMemberManager members, LegacyPeerHttp http,
            UpgradeJudgement upgrade, InstanceService instances, DistroProtocol ours, ServerReadiness readiness,
            ClusterSettings settings) {
        super("naming-legacy-distro");
        this.registry = registry;
        this.held = new HeldServices(registry);
        this.connectionBeats = new ConnectionBeats(registry, mapper, ours, http);
        this.mapper = mapper;
        this.members = members;
        this.http = http;
        this.upgrade = upgrade;
        this.instances = instances;
        this.ours = ours;
        this.readiness = readiness;
        this.clustered = !settings.standalone();
        this.loaded = !(clustered && upgrade.isDoubleWriteEnabled());
        if (!loaded) {
            readiness.close(READINESS_GATE);
        }
    }

    /** The checksums of one namespace's services, as 1.x gossips them. */
    record ServiceStatuses(String namespaceId, Map<String, String> serviceName2Checksum) {
    }

    /** Nothing this node owns is still waiting to be sent to the 1.x members. */
    @Override
    public boolean readyToUpgrade() {
        return dirty.isEmpty();
    }

    /** How many changed services wait to be sent to the 1.x members (the double-write queue). */
    public int pending() {
        return dirty.size();
    }

    @Override
    public void serviceChanged(ServiceKey key) {
        if (clustered && ownedHere(key)) {
            dirty.add(key);
        }
    }

    private boolean ownedHere(ServiceKey key) {
        Member owner = mapper.serviceOwner(key);
        return owner != null && mapper.isSelf(owner);
    }

    /**
     * A 1.x member sent the whole instance lists of these services (an empty list: none left), or a
     * node of ours the services it cedes to one ({@link #cedeServicesNowTheirs}).
     *
     * @throws IllegalArgumentException when the body holds no datum
     * @throws NacosException 503 when double write is off
     */
    public void acceptDatums(String body) {
        requireDoubleWrite();
        Map<ServiceKey, List<InstanceRecord>> services = LegacyDatums.decode(body);
        if (services.isEmpty()) {
            throw new IllegalArgumentException("no ephemeral instance-list datum in the body: send a JSON map of "
                    + "'com.alibaba.nacos.naming.iplist.ephemeral.<namespace>##<group>@@<service>' to its datum");
        }
        services.forEach(held::hold);
    }

    /** @throws NacosException 503 when double write is off: a 1.x member's data would be held by no one's rules */
    private void requireDoubleWrite() {
        if (!upgrade.isDoubleWriteEnabled()) {
            throw new NacosException(NacosException.SERVICE_UNAVAILABLE, ErrorCode.ILLEGAL_STATE,
                    "1.x Distro is off on this node (double write off): to share naming with official 1.x nodes, "
                            + "start every node of ours with nacos.core.support.upgrade.from.1x=true");
        }
    }

    /**
     * A 1.x member listed the checksums of the services it owns: pull those that differ from what
     * is held here, vouch for those that match. One it no longer lists is left to expire: for a few
     * seconds after a member leaves or comes back the sender may count the members otherwise than
     * this node, and 1.x sends an emptied service with the checksum of no instances before it
     * forgets it, so dropping it at once would only lose instances the sender no longer owns.
     *
     * @throws NacosException 400 when {@code source} is not an official 1.x member of this cluster
     */
    public void acceptChecksums(String source, Map<String, String> checksums) {
        requireDoubleWrite();
        Member sender = mapper.legacyMembers().stream().filter(member -> member.address().equals(source)).findFirst()
                .orElseThrow(() -> NacosException.badRequest("Param 'source' is illegal: '" + source
                        + "' is not an official 1.x member of this cluster"));
        long now = System.currentTimeMillis();
        List<String> stale = new ArrayList<>();
        checksums.forEach((key, checksum) -> {
            ServiceKey service = LegacyDatums.service(key);
            if (service == null || ownedHere(service)) {
                return;
            }
            // A service the owner emptied keeps its key there, with the checksum of no instances.
            List<InstanceRecord> instances = held.instances(service);
            if (!LegacyDatums.checksum(instances).equals(checksum)) {
                stale.add(key);
            } else if (!instances.isEmpty()) {
                held.vouch(service, now);
            }
        });
        if (!stale.isEmpty()) {
            pull(sender, stale);
        }
    }

    /**
     * A 1.x member gossiped the checksums of the services it owns ({@code statuses}, a JSON text).
     * Nothing needs pulling: the health it decides changes its Distro checksum too, and a datum
     * pulled for that is held as sent, health and all (a 1.x node keeps its own view of health
     * on a datum, which is why it needs this gossip and this node does not).
     *
     * @throws NacosException 400 when the sender is not a member or the statuses are not readable
     */
    public void acceptStatuses(String clientIp, String statuses) {
        requireDoubleWrite();
        if (clientIp == null || members.all().stream().noneMatch(member -> member.address().equals(clientIp))) {
            throw NacosException.badRequest("ip: " + clientIp + " is not in serverlist");
        }
        ServiceStatuses read = statuses == null ? null : Json.read(statuses, ServiceStatuses.class, "statuses");
        if (read == null || read.namespaceId() == null || read.serviceName2Checksum() == null) {
            throw NacosException.badRequest("Param 'statuses' is illegal: give "
                    + "{\"namespaceId\":..,\"serviceName2Checksum\":{\"group@@service\":\"<md5>\"}} as a JSON text");
        }
    }

    /** 1.x reads the keys it is asked for from a GET's JSON body. */
    private void pull(Member source, List<String> keys) {
        byte[] body = Json.bytes(Map.of("keys", String.join(",", keys)));
        http.send(source, "GET", DATUM_PATH, JSON_BODY, body, TIMEOUT).whenCompleteAsync((answer, error) -> {
            if (error == null && answer.statusCode() == 200) {
                LegacyDatums.decode(answer.body()).forEach(held::hold);
            } else {
                LOG.info("[legacy-distro] pulling {} services from {} failed: {}", keys.size(), source.address(),
                        error != null ? error.toString() : answer.statusCode() + " " + answer.body());
            }
        }, thread()).exceptionally(failure -> {
            LOG.warn("[legacy-distro] what {} answered could not be read: {}", source.address(), failure.toString());
            return null;
        });
    }

    /** The datums of these 1.x keys that this node has instances of; unknown keys are left out. */
    public byte[] datums(Collection<String> keys) {
        return datumsOf(keys.stream().map(key -> LegacyDatums.service(key.trim())).filter(Objects::nonNull));
    }

    /** Every ephemeral service this node has instances of, as a starting 1.x member loads it. */
    public byte[] snapshot() {
        return datumsOf(registry.all().stream().map(RegisteredService::key));
    }

    private byte[] datumsOf(Stream<ServiceKey> services) {
        Map<ServiceKey, List<LegacyDatums.Beating>> datums = new LinkedHashMap<>();
        services.forEach(service -> {
            List<LegacyDatums.Beating> instances = instancesOf(service);
            if (!instances.isEmpty()) {
                datums.put(service, instances);
            }
        });
        return LegacyDatums.encode(datums, timestamp.incrementAndGet());
    }

    /**
     * The service's ephemeral instances this node holds, each endpoint once (its own or a peer's
     * registration before a copy a 1.x member sent). Held copies count: a service owned here is
     * sent to the 1.x members whole, also the instances no node of ours has taken over yet, or
     * the members would drop them. A 2.x client's instance is alive as long as its connection,
     * so it is sent as beating now: a 1.x member expires instances by the last beats it was told.
     */
    private List<LegacyDatums.Beating> instancesOf(ServiceKey key) {
        RegisteredService service = registry.get(key);
        if (service == null || !service.ephemeral()) {
            return List.of();
        }
        long now = System.currentTimeMillis();
        List<LegacyDatums.Beating> instances = new ArrayList<>();
        Set<String> endpoints = new HashSet<>();
        Publication heldCopy = null;
        for (Map.Entry<String, Publication> entry : service.publications().entrySet()) {
            Publication publication = entry.getValue();
            if (ClientIds.isLegacyDatum(entry.getKey())) {
                heldCopy = publication;
            } else {
                addNew(instances, endpoints, publication,
                        ClientIds.isConnection(entry.getKey()) ? now : publication.lastBeat());
            }
        }
        if (heldCopy != null) {
            addNew(instances, endpoints, heldCopy, heldCopy.lastBeat());
        }
        return instances;
    }

    private static void addNew(List<LegacyDatums.Beating> instances, Set<String> endpoints, Publication publication,
            long lastBeat) {
        for (InstanceRecord instance : publication.instances()) {
            if (endpoints.add(instance.ip() + ':' + instance.port() + ':' + instance.cluster())) {
                instances.add(new LegacyDatums.Beating(instance, lastBeat));
            }
        }
    }

    /**
     * Once this node knows which members are 1.x (its first reports) and holds what its peers of
     * ours hold (so what it takes over here is not replaced by a peer's older copy), loads the
     * snapshot of the first 1.x member that answers; with none answering, what they own arrives by
     * their checksums.
     */
    private void loadFromLegacyMembers() {
        CompletableFuture.allOf(members.firstReports(), ours.loaded())
                .completeOnTimeout(null, START_BOUND_SECONDS, TimeUnit.SECONDS)
                .handleAsync((done, error) -> {
                    loadSnapshot(mapper.legacyMembers().iterator());
                    return null;
                }, thread());
    }

    private void loadSnapshot(Iterator<Member> sources) {
        if (!sources.hasNext()) {
            finishLoad();
            return;
        }
        Member source = sources.next();
        http.send(source, "GET", DATUM_PATH + "s", Map.of(), null, LOAD_TIMEOUT).handleAsync((answer, error) -> {
            if (tookSnapshot(source, answer, error)) {
                finishLoad();
            } else {
                loadSnapshot(sources);
            }
            return null;
        }, thread());
    }

    private boolean tookSnapshot(Member source, HttpResponse<String> answer, Throwable error) {
        if (error != null || answer.statusCode() != 200) {
            LOG.info("[legacy-distro] no snapshot from {}: {}", source.address(),
                    error != null ? error.toString() : answer.statusCode() + " " + answer.body());
            return false;
        }
        try {
            Map<ServiceKey, List<InstanceRecord>> services = LegacyDatums.decode(answer.body());
            services.forEach(held::hold);
            LOG.info("[legacy-distro] loaded {} services from {}", services.size(), source.address());
            return true;
        } catch (IllegalArgumentException e) {
            LOG.warn("[legacy-distro] the snapshot of {} could not be read: {}", source.address(), e.getMessage());
            return false;
        }
    }

    private void finishLoad() {
        adoptServicesNowOurs();
        loaded = true;
        readiness.open(READINESS_GATE);
    }

    /**
     * A held service whose 1.x owner is gone (it left, is DOWN, or double write is off) or that
     * hashes to one of ours now: each node of ours registers the instances it is responsible for,
     * as a 1.x node takes over the data it holds when ownership moves, so their next beats find
     * them instead of answering 20404 to all at once. The others stay held until their own
     * responsible nodes' registrations reach this node by Distro, or expire.
     */
    private void adoptServicesNowOurs() {
        for (ServiceKey service : held.services()) {
            if (mapper.legacyOwner(service) != null) {
                continue;
            }
            List<InstanceRecord> kept = new ArrayList<>();
            for (InstanceRecord instance : held.instances(service)) {
                if (mapper.isSelf(mapper.responsible(service, instance.ip(), instance.port()))) {
                    adopt(service, instance);
                } else {
                    kept.add(instance);
                }
            }
            held.keepOnly(service, kept);
        }
    }

    /**
     * A service of ours that a 1.x member owns now (a member came back, or one of ours left): that
     * member takes its beats from now on and decides its instances' health, so what this node
     * registered is held from now on as that member's, as a 1.x node keeps the data of a service it
     * no longer owns. Left registered here, the instances would expire while their clients beat
     * elsewhere. Every other member is sent the service as it stands, with each instance's last
     * beat: a 1.x node that takes a service over expires its instances by the last beats it was
     * told of (for a service that changed long ago, all at once), and the other nodes of ours hold
     * it as the new owner's before this node's replicas of it leave them.
     */
    private void cedeServicesNowTheirs() {
        Map<ServiceKey, List<LegacyDatums.Beating>> ceded = new LinkedHashMap<>();
        for (RegisteredService service : registry.all()) {
            Member owner = mapper.legacyOwner(service.key());
            if (!service.ephemeral() || owner == null) {
                continue;
            }
            instances.giveUpBeating(service.key(), given -> {
                // Held as every member is told it: what was registered here, with the rest held or replicated.
                List<LegacyDatums.Beating> told = instancesOf(service.key());
                ceded.put(service.key(), told);
                LOG.info("[legacy-distro] {} now belongs to {}: holding the {} instances registered here as its",
                        service.key(), owner.address(), given.size());
                held.hold(service.key(), told.stream().map(LegacyDatums.Beating::instance).toList());
            });
        }
        if (!ceded.isEmpty()) {
            List<Member> others = members.peers().stream().filter(member -> member.state() != NodeState.DOWN).toList();
            sendToAll(others, "PUT", DATUM_PATH, LegacyDatums.encode(ceded, timestamp.incrementAndGet()), "datums");
        }
    }

    private void adopt(ServiceKey service, InstanceRecord instance) {
        try {
            instances.register(service, instance);
        } catch (NacosException e) {
            LOG.warn("[legacy-distro] cannot take over {}:{} of {} from a 1.x member: {}", instance.ip(),
                    instance.port(), service, e.getMessage());
        }
    }

    private void flush() {
        if (!loaded) {
            return;
        }
        adoptServicesNowOurs();
        cedeServicesNowTheirs();
        List<Member> legacy = mapper.legacyMembers();
        if (dirty.isEmpty() || legacy.isEmpty()) {
            dirty.clear();
            return;
        }
        Map<ServiceKey, List<LegacyDatums.Beating>> changed = new LinkedHashMap<>();
        for (ServiceKey key : List.copyOf(dirty)) {
            dirty.remove(key);
            List<LegacyDatums.Beating> instances = instancesOf(key);
            // Sent empty only once it was sent with instances: a node that wrongly thinks it owns a
            // service must not wipe the owner's list.
            if (!instances.isEmpty()) {
                sentWithInstances.add(key);
                changed.put(key, instances);
            } else if (sentWithInstances.remove(key)) {
                changed.put(key, instances);
            }
        }
        if (changed.isEmpty()) {
            return;
        }
        sendToAll(legacy, "PUT", DATUM_PATH, LegacyDatums.encode(changed, timestamp.incrementAndGet()), "datums");
    }

    /** What does not reach a member is repaired by the next round. */
    private void sendToAll(List<Member> targets, String method, String path, byte[] body, String what) {
        for (Member peer : targets) {
            http.send(peer, method, path, JSON_BODY, body, TIMEOUT).whenComplete((answer, error) -> {
                if (error != null || answer.statusCode() != 200) {
                    LOG.info("[legacy-distro] sending {} to {} failed: {}", what, peer.address(),
                            error != null ? error.toString() : answer.statusCode() + " " + answer.body());
                }
            });
        }
    }

    private void verify() {
        if (!loaded) {
            return;
        }
        List<Member> legacy = mapper.legacyMembers();
        if (!legacy.isEmpty()) {
            Map<ServiceKey, List<LegacyDatums.Beating>> owned = new LinkedHashMap<>();
            for (RegisteredService service : registry.all()) {
                if (ownedHere(service.key())) {
                    List<LegacyDatums.Beating> instances = instancesOf(service.key());
                    if (!instances.isEmpty()) {
                        owned.put(service.key(), instances);
                    }
                }
            }
            if (!owned.isEmpty()) {
                vouchFor(legacy, owned);
            }
            connectionBeats.beatAll();
        }
        held.expire(System.currentTimeMillis() - EXPIRY_MILLIS);
    }

    /**
     * Sends the 1.x members the checksums of the services owned here and their status checksums;
     * every {@link #REFRESH_ROUNDS}th round the services whole as well, for their instances' last
     * beats: a 1.x member keeps the last beats it was told of and, when a member change gives it
     * one of these services, expires the instances by them at once (unhealthy after 15 s, removed
     * after 30 s), which for a service that had not changed for half a minute would make all its
     * clients register again. A 1.x member pushes each service it is sent to its UDP subscribers,
     * as for any datum; that lasts only while 1.x members are in the cluster.
     */
    private void vouchFor(List<Member> legacy, Map<ServiceKey, List<LegacyDatums.Beating>> owned) {
        if (++verifyRounds % REFRESH_ROUNDS == 0) {
            sendToAll(legacy, "PUT", DATUM_PATH, LegacyDatums.encode(owned, timestamp.incrementAndGet()), "datums");
        }
        Map<ServiceKey, List<InstanceRecord>> instances = new LinkedHashMap<>();
        owned.forEach((service, beating) -> instances.put(service,
                beating.stream().map(LegacyDatums.Beating::instance).toList()));
        String self = members.self().address();
        sendToAll(legacy, "PUT", CHECKSUM_PATH + "?source=" + self, Json.bytes(LegacyDatums.checksums(instances)),
                "checksums");
        Map<String, Map<String, String>> statuses = new LinkedHashMap<>();
        instances.forEach((service, list) -> statuses.computeIfAbsent(service.namespace(),
                namespace -> new LinkedHashMap<>()).put(service.grouped(), LegacyServiceChecksum.of(service, list)));
        statuses.forEach((namespace, checksums) -> sendToAll(legacy, "POST", STATUS_PATH, Json.bytes(Map.of(
                "statuses", Json.text(new ServiceStatuses(namespace, checksums)), "clientIP", self)),
                "service statuses"));
    }

    @Override
    protected void scheduleRounds() {
        if (clustered) {
            if (!loaded) {
                loadFromLegacyMembers();
            }
            every(SYNC_DELAY_MILLIS, SYNC_DELAY_MILLIS, TimeUnit.MILLISECONDS, this::flush);
            every(VERIFY_PERIOD_SECONDS, VERIFY_PERIOD_SECONDS, TimeUnit.SECONDS, this::verify);
        }
    }
}
