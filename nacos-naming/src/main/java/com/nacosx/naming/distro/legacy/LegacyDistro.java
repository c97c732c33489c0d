package com.nacosx.naming.distro.legacy;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.http.Json;
import com.nacosx.core.upgrade.SelfUpgradeCheck;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.core.util.BackgroundRounds;
import com.nacosx.naming.distro.DistroMapper;
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

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
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
 * and is held as one client per service; it is dropped when its owner stops vouching for it
 * (absent from the owner's checksums, or none heard for {@link #EXPIRY_MILLIS}), or adopted when
 * the service becomes ours (see {@link #adoptServicesNowOurs}). All this is double
 * write, on only in a rolling upgrade from 1.x ({@link UpgradeJudgement}); in a cluster of ours
 * only nothing is sent.
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
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final Map<String, String> JSON_BODY = Map.of("Content-Type", LegacyPeerHttp.JSON);

    private final ServiceRegistry registry;
    private final DistroMapper mapper;
    private final ServerMemberManager members;
    private final LegacyPeerHttp http;
    private final UpgradeJudgement upgrade;
    private final InstanceService instances;
    private final boolean clustered;
    private final Set<ServiceKey> dirty = ConcurrentHashMap.newKeySet();
    /** Owned services last sent with instances: the one change that empties them must still be sent. */
    private final Set<ServiceKey> sentWithInstances = ConcurrentHashMap.newKeySet();
    /** Services a 1.x member owns, held here, and when their owner last vouched for them. */
    private final Map<ServiceKey, Long> held = new ConcurrentHashMap<>();
    private final AtomicLong timestamp = new AtomicLong();

    public LegacyDistro(ServiceRegistry registry, DistroMapper mapper, ServerMemberManager members, LegacyPeerHttp http,
            UpgradeJudgement upgrade, InstanceService instances, ClusterSettings settings) {
        super("naming-legacy-distro");
        this.registry = registry;
        this.mapper = mapper;
        this.members = members;
        this.http = http;
        this.upgrade = upgrade;
        this.instances = instances;
        this.clustered = !settings.standalone();
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
     * A 1.x member sent the whole instance lists of these services (an empty list: none left).
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
        services.forEach(this::hold);
    }

    /** @throws NacosException 503 when double write is off: a 1.x member's data would be held by no one's rules */
    private void requireDoubleWrite() {
        if (!upgrade.isDoubleWriteEnabled()) {
            throw new NacosException(NacosException.SERVICE_UNAVAILABLE, ErrorCode.ILLEGAL_STATE,
                    "1.x Distro is off on this node (double write off): to share naming with official 1.x nodes, "
                            + "start every node of ours with nacos.core.support.upgrade.from.1x=true");
        }
    }

    /** The client that holds a 1.x member's service here. */
    private static String heldClientId(ServiceKey service) {
        return ClientIds.ofLegacyDatum(LegacyDatums.key(service));
    }

    private void hold(ServiceKey service, List<InstanceRecord> instances) {
        if (instances.isEmpty()) {
            release(service);
            return;
        }
        try {
            registry.replaceClient(heldClientId(service), Map.of(service, instances));
            held.put(service, System.currentTimeMillis());
        } catch (NacosException e) {
            LOG.warn("[legacy-distro] cannot hold {} from a 1.x member: {}", service, e.getMessage());
        }
    }

    private void release(ServiceKey service) {
        held.remove(service);
        registry.removeClient(heldClientId(service));
    }

    /**
     * A 1.x member listed the checksums of the services it owns: pull those that differ from what
     * is held here, drop those it owns and no longer lists.
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
            List<InstanceRecord> instances = heldInstances(service);
            if (!LegacyDatums.checksum(instances).equals(checksum)) {
                stale.add(key);
            } else if (!instances.isEmpty()) {
                held.put(service, now);
            }
        });
        for (ServiceKey service : Set.copyOf(held.keySet())) {
            if (sender.equals(mapper.serviceOwner(service)) && !checksums.containsKey(LegacyDatums.key(service))) {
                LOG.info("[legacy-distro] {} no longer has {}: dropping it", source, service);
                release(service);
            }
        }
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

    private List<InstanceRecord> heldInstances(ServiceKey service) {
        RegisteredService registered = registry.get(service);
        Publication publication = registered == null ? null
                : registered.publications().get(heldClientId(service));
        return publication == null ? List.of() : publication.instances();
    }

    /** 1.x reads the keys it is asked for from a GET's JSON body. */
    private void pull(Member source, List<String> keys) {
        byte[] body = Json.bytes(Map.of("keys", String.join(",", keys)));
        http.send(source, "GET", DATUM_PATH, JSON_BODY, body, TIMEOUT).whenCompleteAsync((answer, error) -> {
            if (error == null && answer.statusCode() == 200) {
                LegacyDatums.decode(answer.body()).forEach(this::hold);
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
            List<LegacyDatums.Beating> instances = instancesOf(service, true);
            if (!instances.isEmpty()) {
                datums.put(service, instances);
            }
        });
        return LegacyDatums.encode(datums, timestamp.incrementAndGet());
    }

    /**
     * The service's ephemeral instances this node holds; those a 1.x member sent only with
     * {@code withHeld}, since a service is sent back to no one who owns it.
     */
    private List<LegacyDatums.Beating> instancesOf(ServiceKey key, boolean withHeld) {
        RegisteredService service = registry.get(key);
        if (service == null || !service.ephemeral()) {
            return List.of();
        }
        List<LegacyDatums.Beating> instances = new ArrayList<>();
        service.publications().forEach((clientId, publication) -> {
            if (withHeld || !ClientIds.isLegacyDatum(clientId)) {
                publication.instances().forEach(instance ->
                        instances.add(new LegacyDatums.Beating(instance, publication.lastBeat())));
            }
        });
        return instances;
    }

    /**
     * A held service whose 1.x owner is gone (it left, is DOWN, or double write is off) or that
     * hashes to one of ours now: each node of ours registers the instances it is responsible for,
     * as a 1.x node takes over the data it holds when ownership moves, so their next beats find
     * them instead of answering 20404 to all at once. The others stay held until their own
     * responsible nodes' registrations reach this node by Distro, or expire.
     */
    private void adoptServicesNowOurs() {
        for (ServiceKey service : Set.copyOf(held.keySet())) {
            Member owner = mapper.serviceOwner(service);
            if (owner != null && owner.isLegacy()) {
                continue;
            }
            List<InstanceRecord> kept = new ArrayList<>();
            for (InstanceRecord instance : heldInstances(service)) {
                if (mapper.isSelf(mapper.responsible(service, instance.ip(), instance.port()))) {
                    adopt(service, instance);
                } else {
                    kept.add(instance);
                }
            }
            if (kept.isEmpty()) {
                release(service);
            } else {
                registry.replaceClient(heldClientId(service), Map.of(service, kept));
            }
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
        adoptServicesNowOurs();
        List<Member> legacy = mapper.legacyMembers();
        if (dirty.isEmpty() || legacy.isEmpty()) {
            dirty.clear();
            return;
        }
        Map<ServiceKey, List<LegacyDatums.Beating>> changed = new LinkedHashMap<>();
        for (ServiceKey key : List.copyOf(dirty)) {
            dirty.remove(key);
            List<LegacyDatums.Beating> instances = instancesOf(key, false);
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

    /** What does not reach a 1.x member is repaired by the next round. */
    private void sendToAll(List<Member> legacy, String method, String path, byte[] body, String what) {
        for (Member peer : legacy) {
            http.send(peer, method, path, JSON_BODY, body, TIMEOUT).whenComplete((answer, error) -> {
                if (error != null || answer.statusCode() != 200) {
                    LOG.info("[legacy-distro] sending {} to {} failed: {}", what, peer.address(),
                            error != null ? error.toString() : answer.statusCode() + " " + answer.body());
                }
            });
        }
    }

    private void verify() {
        List<Member> legacy = mapper.legacyMembers();
        Map<ServiceKey, List<InstanceRecord>> owned = new LinkedHashMap<>();
        if (!legacy.isEmpty()) {
            for (RegisteredService service : registry.all()) {
                if (ownedHere(service.key())) {
                    List<InstanceRecord> instances = instancesOf(service.key(), false).stream()
                            .map(LegacyDatums.Beating::instance).toList();
                    if (!instances.isEmpty()) {
                        owned.put(service.key(), instances);
                    }
                }
            }
        }
        if (!owned.isEmpty()) {
            String self = members.self().address();
            sendToAll(legacy, "PUT", CHECKSUM_PATH + "?source=" + self, Json.bytes(LegacyDatums.checksums(owned)),
                    "checksums");
            Map<String, Map<String, String>> statuses = new LinkedHashMap<>();
            owned.forEach((service, instances) -> statuses.computeIfAbsent(service.namespace(),
                    namespace -> new LinkedHashMap<>()).put(service.grouped(),
                    LegacyServiceChecksum.of(service, instances)));
            statuses.forEach((namespace, checksums) -> sendToAll(legacy, "POST", STATUS_PATH, Json.bytes(Map.of(
                    "statuses", Json.text(new ServiceStatuses(namespace, checksums)), "clientIP", self)),
                    "service statuses"));
        }
        long cutoff = System.currentTimeMillis() - EXPIRY_MILLIS;
        held.forEach((service, vouched) -> {
            if (vouched < cutoff) {
                LOG.info("[legacy-distro] {} not vouched for by its 1.x owner since {}: dropping it", service, vouched);
                release(service);
            }
        });
    }

    @Override
    protected void scheduleRounds() {
        if (clustered) {
            every(SYNC_DELAY_MILLIS, SYNC_DELAY_MILLIS, TimeUnit.MILLISECONDS, this::flush);
            every(VERIFY_PERIOD_SECONDS, VERIFY_PERIOD_SECONDS, TimeUnit.SECONDS, this::verify);
        }
    }
}
