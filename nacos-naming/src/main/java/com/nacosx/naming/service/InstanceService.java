package com.nacosx.naming.service;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.Instance;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.replication.CommandLog;
import com.nacosx.naming.NamingSwitches;
import com.nacosx.naming.distro.DistroProtocol;
import com.nacosx.naming.model.InstanceOverride;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.store.NamingCommand;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Instance writes, the same for every door. A 2.x client's instances belong to its connection;
 * a 1.x client's, and every persistent instance, to the instance's address
 * ({@link ClientIds#ofAddress}). Ephemeral instances live in the registry only (Distro replicates
 * them); persistent ones go through the naming {@link CommandLog} and are durable before the write
 * returns. A 1.x write served here makes this node the instance's responsible node.
 */
@Component
public class InstanceService {

    private static final Logger LOG = LoggerFactory.getLogger(InstanceService.class);

    /** What a 1.x heartbeat is answered: whether the instance was known, and how often to beat. */
    public record BeatAnswer(boolean known, long clientBeatInterval, boolean lightBeatEnabled) {
    }

    private final ServiceRegistry registry;
    private final CommandLog<ServiceRegistry> durable;
    private final DistroProtocol distro;
    private final ConnectionManager connections;
    private final NamingSwitches switches;
    private final ServerReadiness readiness;
    private final BeatPacing pacing;
    private final StartingBeats startingBeats = new StartingBeats();
    private final ClosedWhileCutOff closedWhileCutOff;

    public InstanceService(ServiceRegistry registry, CommandLog<ServiceRegistry> durable, DistroProtocol distro,
            ConnectionManager connections, NamingSwitches switches, ServerReadiness readiness, BeatPacing pacing,
            ClosedWhileCutOff closedWhileCutOff) {
        this.registry = registry;
        this.closedWhileCutOff = closedWhileCutOff;
        this.durable = durable;
        this.distro = distro;
        this.connections = connections;
        this.switches = switches;
        this.pacing = pacing;
        this.readiness = readiness;
        readiness.ready().thenRun(this::applyStartingBeats);
    }

    /** A 2.x client's ephemeral instance: the connection's one instance in the service. */
    public void registerForConnection(String connectionId, ServiceKey key, InstanceRecord instance) {
        InstanceValidator.validate(instance);
        registry.publish(connectionId, key, true, List.of(instance));
        dropIfConnectionGone(connectionId);
    }

    /** Replaces the connection's instances in the service with this batch (ephemeral only, as the official). */
    public void batchRegisterForConnection(String connectionId, ServiceKey key, List<InstanceRecord> instances) {
        instances.forEach(InstanceValidator::validate);
        if (instances.stream().anyMatch(instance -> !instance.ephemeral())) {
            throw NacosException.badRequest("batch registration takes ephemeral instances only");
        }
        registry.publish(connectionId, key, true, instances);
        dropIfConnectionGone(connectionId);
    }

    /** @return whether the connection published such an instance */
    public boolean deregisterForConnection(String connectionId, ServiceKey key, String ip, int port, String cluster) {
        return registry.unpublish(connectionId, key, instance -> instance.sameEndpoint(ip, port, cluster));
    }

    /**
     * A 2.x client's ephemeral instances go when its connection goes, once this node hears its
     * peers if it is cut off from them ({@link ClosedWhileCutOff}).
     */
    public void connectionClosed(String connectionId) {
        if (!registry.clientIds().contains(connectionId)) {
            return;
        }
        if (closedWhileCutOff.hold(connectionId)) {
            LOG.info("[{}] connection closed while this node is cut off: its instances stay until it is not", connectionId);
            return;
        }
        LOG.info("[{}] connection closed, removing its instances", connectionId);
        registry.removeClient(connectionId);
    }

    /** A connection that closed while its register ran must not leave the instance behind. */
    private void dropIfConnectionGone(String connectionId) {
        if (connections.get(connectionId) == null) {
            registry.removeClient(connectionId);
        }
    }

    /** An instance owned by its address: a 1.x client's (ephemeral) or a persistent one. */
    public void register(ServiceKey key, InstanceRecord instance) {
        InstanceValidator.validate(instance);
        String clientId = ClientIds.ofAddress(instance.ip(), instance.port(), instance.ephemeral());
        if (instance.ephemeral()) {
            distro.claim(instance.ip(), instance.port());
            registry.publish(clientId, key, true, List.of(instance));
        } else {
            durable.submitAndWait(new NamingCommand.Register(clientId, key, instance));
        }
    }

    /**
     * Gives up the 1.x clients' instances of the service that this node expires (not those it
     * replicates from a peer of ours, which that peer gives up): a member that now owns the
     * service takes their beats. They are handed to {@code keeper} before they are removed, so
     * the service is never seen without them.
     */
    public void giveUpBeating(ServiceKey key, Consumer<List<InstanceRecord>> keeper) {
        RegisteredService service = registry.get(key);
        if (service == null) {
            return;
        }
        Map<String, Publication> given = new HashMap<>();
        service.publications().forEach((clientId, publication) -> {
            if (ClientIds.isBeating(clientId) && !distro.isReplica(clientId) && !publication.instances().isEmpty()) {
                given.put(clientId, publication);
            }
        });
        if (given.isEmpty()) {
            return;
        }
        keeper.accept(given.values().stream().flatMap(publication -> publication.instances().stream()).toList());
        given.keySet().forEach(clientId -> registry.unpublish(clientId, key, instance -> true));
    }

    /** @return whether the address published such an instance */
    public boolean deregister(ServiceKey key, String ip, int port, String cluster, boolean ephemeral) {
        String clientId = ClientIds.ofAddress(ip, port, ephemeral);
        if (ephemeral) {
            distro.claim(ip, port);
            return registry.unpublish(clientId, key, instance -> instance.sameEndpoint(ip, port, cluster));
        }
        return durable.submitAndWait(new NamingCommand.Deregister(clientId, key, ip, port, cluster));
    }

    /**
     * Changes an instance a 1.x client registered, or a persistent one (weight, health, enabled, metadata).
     *
     * @throws NacosException 400 when no such instance exists
     */
    public void update(ServiceKey key, InstanceRecord instance) {
        InstanceValidator.validate(instance);
        claimIfEphemeral(instance.ip(), instance.port(), instance.ephemeral());
        change(key, instance.ip(), instance.port(), instance.cluster(), instance.ephemeral(), current -> instance);
    }

    /**
     * Changes only the fields the patch gives, of an ephemeral or persistent instance.
     *
     * @throws NacosException 400 when no such instance exists
     */
    public void patch(ServiceKey key, String ip, int port, String cluster, InstancePatch patch) {
        InstanceRecord current = requireFound(key, ip, port, cluster);
        InstanceRecord patched = patch.applyTo(current);
        InstanceValidator.validate(patched);
        claimIfEphemeral(ip, port, current.ephemeral());
        change(key, ip, port, cluster, current.ephemeral(), old -> patched);
    }

    /**
     * Sets a persistent instance's health by hand, which only makes sense where the server does not
     * check it (its cluster's checker is NONE).
     *
     * @throws NacosException 400 when the instance is unknown or ephemeral, or its cluster is checked
     */
    public void setHealthByHand(ServiceKey key, String ip, int port, String cluster, boolean healthy) {
        InstanceRecord instance = find(key, ip, port, cluster);
        if (instance == null) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.INSTANCE_NOT_FOUND, "instance not exist: "
                    + ip + ":" + port + " in cluster " + cluster + " of service " + key.grouped());
        }
        if (instance.ephemeral()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.INSTANCE_ERROR, "the health of ephemeral"
                    + " instance " + ip + ":" + port + " follows its client's beats or connection; only persistent"
                    + " instances can be set");
        }
        String checker = registry.existing(key).cluster(cluster).checkerType();
        if (!"NONE".equals(checker)) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.HEALTH_CHECK_STILL_RUNNING,
                    "health check is still working (" + checker + ") for cluster " + cluster
                    + " of " + key.grouped() + "; set its healthChecker to NONE first");
        }
        change(key, ip, port, cluster, false, current -> current.withHealthy(healthy));
    }

    /**
     * A 1.x client's heartbeat: its instance is alive, and healthy again if it was not. A light beat
     * ({@code registerIfUnknown} null) of an unknown instance is answered unknown, and the client
     * registers again; a full beat registers it at once. Before this node is ready (when only a
     * peer passes beats on: clients are sent elsewhere, see {@code StartingNodeFilter}) a light
     * beat of an instance it does not know yet is answered known and applied once the node is
     * ready ({@link StartingBeats}): the instance may be in the data still loading, and "unknown"
     * would make its client register again. The client of one the load did not bring is told so
     * at its next beat.
     * <p>
     * A beat sent before the client's last change this node knows of (a beat another node answered
     * and passed on, arriving after the deregister the client sent next) registers nothing: it
     * would bring back an instance its client has removed.
     *
     * @param sentAt when the client sent the beat ({@link com.nacosx.naming.distro.ChangeClock})
     */
    public BeatAnswer beat(ServiceKey key, String ip, int port, InstanceRecord registerIfUnknown, long sentAt) {
        long now = System.currentTimeMillis();
        boolean known = beatAt(key, ip, port, registerIfUnknown, now, sentAt);
        if (!known && !readiness.isReady()) {
            // Not kept once the kept beats were applied: the node is ready, and answers as such.
            known = startingBeats.keep(key, ip, port, now) || beatAt(key, ip, port, null, now, sentAt);
        }
        return answer(known, key, ip, port, registry.publication(ClientIds.ofAddress(ip, port, true), key), now);
    }

    /**
     * The answer to a 1.x client's beat of an instance another node of ours is responsible for,
     * from this node's copy of it, or null when this node does not hold it (the responsible node
     * answers: it may know the instance already, or register it from a full beat). Only the copy
     * is kept as verified ({@link DistroProtocol#beatHeard}): the beat itself goes on to the
     * responsible node, which keeps the instance alive. A copy outlives its instance until the
     * removal's Distro sync arrives, so a client
     * whose instance was just removed may be told so a beat later than by its responsible node.
     */
    public BeatAnswer heldBeat(ServiceKey key, String ip, int port) {
        Publication held = registry.publication(ClientIds.ofAddress(ip, port, true), key);
        if (held == null || held.instances().isEmpty()) {
            return null;
        }
        distro.beatHeard(ip, port);
        return answer(true, key, ip, port, held, System.currentTimeMillis());
    }

    private BeatAnswer answer(boolean known, ServiceKey key, String ip, int port, Publication publication,
            long now) {
        long interval = beatInterval(publication);
        return new BeatAnswer(known, pacing.nextBeatIn(key, ip, port, interval, now), switches.lightBeatEnabled());
    }

    /** @return whether the instance is known (or was registered by this beat) */
    private boolean beatAt(ServiceKey key, String ip, int port, InstanceRecord registerIfUnknown, long at,
            long sentAt) {
        String clientId = ClientIds.ofAddress(ip, port, true);
        // The beat lands before the claim: claimed first, a peer's replica would carry the last beat
        // it was replicated with, minutes old, and a beat check in between would remove it.
        boolean known = registry.beat(clientId, key, at);
        // Judged before the claim, which is a change of its own.
        boolean late = !known && distro.changedSince(clientId, sentAt);
        distro.claim(ip, port);
        if (known) {
            return true;
        }
        InstanceRecord toRegister = registerIfUnknown != null ? registerIfUnknown : heldCopy(key, ip, port);
        if (toRegister == null) {
            return false;
        }
        if (late) {
            LOG.info("[beat] {} in {}: a beat sent before the client's last change arrived after it; not "
                    + "registering the instance again", clientId, key.grouped());
            return false;
        }
        register(key, toRegister);
        return registry.beat(clientId, key, at);
    }

    private void applyStartingBeats() {
        AtomicInteger unknown = new AtomicInteger();
        int applied = startingBeats.applyAll((key, ip, port, at) -> {
            if (!beatAt(key, ip, port, null, at, at * 1_000L)) {
                unknown.incrementAndGet();
            }
        });
        if (applied > 0) {
            LOG.info("[beat] ready: applied the {} beats answered while loading; {} were of instances the load did "
                    + "not bring, whose clients register again at their next beat", applied, unknown.get());
        }
    }

    /**
     * The instance as this node holds it in an official 1.x member's copy of the service, or null.
     * A beat comes here for such an instance once that member no longer owns the service (it is
     * gone, or the service hashes to one of ours): the instance is taken over on the spot, as a
     * 1.x node serves a beat from the data it holds, not answered as unknown.
     */
    private InstanceRecord heldCopy(ServiceKey key, String ip, int port) {
        RegisteredService service = registry.get(key);
        if (service == null) {
            return null;
        }
        for (Map.Entry<String, Publication> entry : service.publications().entrySet()) {
            if (ClientIds.isLegacyDatum(entry.getKey())) {
                for (InstanceRecord instance : entry.getValue().instances()) {
                    if (instance.ip().equals(ip) && instance.port() == port) {
                        return instance;
                    }
                }
            }
        }
        return null;
    }

    private long beatInterval(Publication publication) {
        if (publication == null || publication.instances().isEmpty()) {
            return switches.clientBeatInterval();
        }
        InstanceRecord instance = publication.instances().get(0);
        return instance.metadata().containsKey(Instance.HEART_BEAT_INTERVAL_KEY)
                ? instance.heartBeatInterval() : switches.clientBeatInterval();
    }

    /**
     * Merges {@code metadata} into (or, with {@code remove}, drops its keys from) the metadata of
     * the service's instances, all of them when {@code targets} is empty. Only instances this node
     * owns can change: those registered over HTTP (not by a gRPC connection, whose client owns
     * them) and, in a cluster, ephemeral ones only on their responsible node.
     *
     * @return the instances changed, as the official names them: {@code ip:port:unknown:cluster:ephemeral|persist}
     */
    public List<String> changeMetadata(ServiceKey key, boolean ephemeral, List<InstanceRecord> targets,
            Map<String, String> metadata, boolean remove) {
        RegisteredService service = registry.get(key);
        if (service == null) {
            return List.of();
        }
        List<InstanceRecord> chosen = service.instances().stream()
                .filter(instance -> instance.ephemeral() == ephemeral)
                .filter(instance -> targets.isEmpty() || targets.stream().anyMatch(instance::sameEndpoint))
                .toList();
        List<String> changed = new ArrayList<>();
        for (InstanceRecord instance : chosen) {
            String clientId = ClientIds.ofAddress(instance.ip(), instance.port(), ephemeral);
            if (findOf(clientId, key, instance.ip(), instance.port(), instance.cluster()) == null
                    || ephemeral && distro.isReplica(clientId)) {
                continue;
            }
            change(key, instance.ip(), instance.port(), instance.cluster(), ephemeral, current -> {
                Map<String, String> merged = new HashMap<>(current.metadata());
                if (remove) {
                    merged.keySet().removeAll(metadata.keySet());
                } else {
                    merged.putAll(metadata);
                }
                return current.withMetadata(merged);
            });
            changed.add(instance.ip() + ":" + instance.port() + ":unknown:" + instance.cluster() + ":"
                    + (ephemeral ? "ephemeral" : "persist"));
        }
        return changed;
    }

    private void claimIfEphemeral(String ip, int port, boolean ephemeral) {
        if (ephemeral) {
            distro.claim(ip, port);
        }
    }

    /**
     * Applies {@code change} to the instance at ip:port in cluster: to the instance itself when its
     * address owns it (a 1.x client's or a persistent one), else, when a 2.x client's connection
     * publishes it, as an operator's override laid over it ({@link InstanceOverride}).
     */
    private void change(ServiceKey key, String ip, int port, String cluster, boolean ephemeral,
            UnaryOperator<InstanceRecord> change) {
        String clientId = ClientIds.ofAddress(ip, port, ephemeral);
        InstanceRecord current = findOf(clientId, key, ip, port, cluster);
        if (current == null) {
            override(key, ip, port, cluster, change);
            return;
        }
        if (ephemeral) {
            registry.replaceInstances(clientId, key, instance -> instance.sameEndpoint(ip, port, cluster), change);
        } else {
            durable.submitAndWait(new NamingCommand.Replace(clientId, key, ip, port, cluster, change.apply(current)));
        }
    }

    private void override(ServiceKey key, String ip, int port, String cluster, UnaryOperator<InstanceRecord> change) {
        RegisteredService service = registry.get(key);
        InstanceRecord shown = service == null ? null : service.findShown(ip, port, cluster);
        if (shown == null) {
            throw notFound(key, ip, port, cluster);
        }
        durable.submitAndWait(new NamingCommand.SetOverride(key, InstanceOverride.endpointOf(ip, port, cluster),
                InstanceOverride.of(change.apply(shown))));
    }

    private InstanceRecord requireFound(ServiceKey key, String ip, int port, String cluster) {
        InstanceRecord current = find(key, ip, port, cluster);
        if (current == null) {
            throw notFound(key, ip, port, cluster);
        }
        return current;
    }

    private static NacosException notFound(ServiceKey key, String ip, int port, String cluster) {
        return NacosException.badRequest("instance not exist: " + ip + ":" + port + " in cluster " + cluster
                + " of service " + key.grouped() + "; register it first");
    }

    /** The instance at ip:port in cluster, whoever published it, or null. */
    InstanceRecord find(ServiceKey key, String ip, int port, String cluster) {
        RegisteredService service = registry.get(key);
        return service == null ? null : service.find(ip, port, cluster);
    }

    private InstanceRecord findOf(String clientId, ServiceKey key, String ip, int port, String cluster) {
        Publication publication = registry.publication(clientId, key);
        if (publication == null) {
            return null;
        }
        return publication.instances().stream().filter(i -> i.sameEndpoint(ip, port, cluster)).findFirst().orElse(null);
    }
}
