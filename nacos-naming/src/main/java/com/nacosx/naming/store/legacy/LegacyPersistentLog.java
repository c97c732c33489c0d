package com.nacosx.naming.store.legacy;

import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import com.google.protobuf.ByteString;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.raft.RaftGroups;
import com.nacosx.core.replication.Command;
import com.nacosx.core.replication.CommandLog;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.core.util.Futures;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.store.NamingCommand;
import com.nacosx.naming.store.NamingStateMachine;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Naming's durable writes on a node upgrading from 1.x. While double write is on, a change to a
 * persistent instance is written as a 1.4 node writes it: the service's whole instance list as one
 * datum (with the service's own datum the first time) through the group shared with 1.4 nodes (or,
 * while a member is older than 1.4, through the old HTTP Raft: {@link HttpRaft}), whose apply on
 * every node, 1.x or ours, makes it visible ({@link LegacyPersistentStore}). The
 * list is what the command makes of the service's persistent instances here, once this node has
 * applied every write the group had committed, and a node's writes to one service go one after the
 * other. Led by a node of ours, through the old HTTP Raft or the 1.4 group ({@link ListWriteGuard}),
 * a list made from a datum the leader has since replaced is refused and made again from the new
 * one; with a 1.x leader, or a 1.4 node writing the same service, two writes at the same moment
 * may still lose one change, as in 1.4. A service created, edited or removed goes to our own log,
 * then to the 1.x group as 1.4 writes it.
 * Everything else, and everything once double write is off, goes to our own log; turning it off
 * hands the group's instances to our own log.
 */
public final class LegacyPersistentLog implements CommandLog<ServiceRegistry> {

    private static final Logger LOG = LoggerFactory.getLogger(LegacyPersistentLog.class);
    /**
     * How long a command's write is made again while the leader refuses it as made from a replaced
     * list. Each refusal means another write of the list went in meanwhile, so the writers as a whole
     * progress; but the leader's own node wins each race while it has writes queued, and a count of
     * attempts (10) ran out for a writer on another node when 24 instances of one service were
     * registered through three nodes at once on a busy host.
     */
    private static final long WRITE_RETRY_NANOS = TimeUnit.SECONDS.toNanos(30);
    /**
     * The most a refused write waits before it is made again, a random share of it each time: the
     * leader refuses at once while another write of the list is on its way, and a writer on the
     * leader's node would otherwise spin until it lands.
     */
    private static final long RETRY_PAUSE_MAX_MILLIS = 20;

    private final CommandLog<ServiceRegistry> ours;
    private final RaftGroups raft;
    private final HttpRaft httpRaft;
    private final LegacyPersistentStore store;
    private final ServiceRegistry registry;
    private final UpgradeJudgement upgrade;
    private final Map<ServiceKey, CompletableFuture<?>> lastWrite = new ConcurrentHashMap<>();

    public LegacyPersistentLog(CommandLog<ServiceRegistry> ours, RaftGroups raft, HttpRaft httpRaft,
            LegacyPersistentStore store, ServiceRegistry registry, UpgradeJudgement upgrade) {
        this.ours = ours;
        this.raft = raft;
        this.httpRaft = httpRaft;
        this.store = store;
        this.registry = registry;
        this.upgrade = upgrade;
        upgrade.onDoubleWriteOff(this::adoptGroupInstances);
    }

    @Override
    public <R> CompletableFuture<R> submit(Command<ServiceRegistry, R> command) {
        if (!upgrade.isDoubleWriteEnabled()) {
            return ours.submit(command);
        }
        ServiceKey instances = instanceServiceOf(command);
        if (instances != null) {
            return oneAfterAnother(instances, () -> writeInstances(instances, command,
                    System.nanoTime() + WRITE_RETRY_NANOS));
        }
        ServiceKey described = describedServiceOf(command);
        if (described != null) {
            return oneAfterAnother(described, () -> ours.submit(command)
                    .thenCompose(result -> copyServiceToGroup(described).thenApply(copied -> result)));
        }
        return ours.submit(command);
    }

    /** Runs {@code write} once this node's previous write to the service has ended. */
    private <R> CompletableFuture<R> oneAfterAnother(ServiceKey service, Supplier<CompletableFuture<R>> write) {
        CompletableFuture<R> written = new CompletableFuture<>();
        CompletableFuture<?> previous = lastWrite.put(service, written);
        (previous == null ? CompletableFuture.completedFuture(null) : previous).handle((done, error) -> null)
                .thenCompose(ignored -> write.get()).whenComplete((result, error) -> {
                    if (error != null) {
                        written.completeExceptionally(error);
                    } else {
                        written.complete(result);
                    }
                });
        written.whenComplete((result, error) -> lastWrite.remove(service, written));
        return written;
    }

    /** The service a service-level command creates, edits or removes; null for any other command. */
    private static ServiceKey describedServiceOf(Command<ServiceRegistry, ?> command) {
        if (command instanceof NamingCommand.CreateService create) {
            return create.key();
        }
        if (command instanceof NamingCommand.UpdateService update) {
            return update.key();
        }
        if (command instanceof NamingCommand.UpdateCluster update) {
            return update.key();
        }
        return command instanceof NamingCommand.RemoveService remove ? remove.key() : null;
    }

    /**
     * Writes the service as our own group now holds it into the 1.x group, as a 1.4 node does for a
     * service created, edited or removed through its API (its instance list goes with a removal).
     * The change is ours already; a 1.x group that does not take it is logged, and 1.4 nodes see
     * the service at its next change.
     */
    private CompletableFuture<Void> copyServiceToGroup(ServiceKey service) {
        RegisteredService registered = registry.get(service);
        List<byte[]> keys = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        keys.add(LegacyPersistentKeys.serviceMeta(service).getBytes(StandardCharsets.UTF_8));
        String operation;
        if (registered == null) {
            operation = "Delete";
            keys.add(LegacyPersistentKeys.instanceList(service).getBytes(StandardCharsets.UTF_8));
            values.add(new byte[0]);
            values.add(new byte[0]);
        } else {
            operation = "Write";
            values.add(serviceDatum(service, registered));
        }
        WriteRequest write = WriteRequest.newBuilder().setOperation(operation).setData(ByteString.copyFrom(
                LegacyPersistentDatums.bytes(new LegacyPersistentDatums.Batch(keys, values)))).build();
        return writeToGroup(write, null).handle((response, error) -> {
            if (error != null || !response.getSuccess()) {
                LOG.warn("[legacy-persistent] {} changed here but not in the 1.x group: {}", service,
                        error != null ? error.getMessage() : response.getErrMsg());
            }
            return null;
        });
    }

    private static ServiceKey instanceServiceOf(Command<ServiceRegistry, ?> command) {
        if (command instanceof NamingCommand.Register register) {
            return register.key();
        }
        if (command instanceof NamingCommand.Deregister deregister) {
            return deregister.key();
        }
        if (command instanceof NamingCommand.Replace replace) {
            return replace.key();
        }
        return command instanceof NamingCommand.SetHealthy setHealthy ? setHealthy.key() : null;
    }

    /**
     * Writes the command's outcome once caught up with the group, again (from what is held then)
     * while the old Raft's leader says another member changed the list meanwhile.
     */
    private <R> CompletableFuture<R> writeInstances(ServiceKey service, Command<ServiceRegistry, R> command,
            long retryDeadlineNanos) {
        return caughtUpWithGroup(service).thenCompose(caughtUp -> writeThroughGroup(service, command))
                .exceptionallyCompose(error -> madeFromReplacedList(error) && System.nanoTime() < retryDeadlineNanos
                        ? Futures.after(ThreadLocalRandom.current().nextLong(1, RETRY_PAUSE_MAX_MILLIS + 1),
                                () -> writeInstances(service, command, retryDeadlineNanos))
                        : CompletableFuture.failedFuture(error));
    }

    private static boolean madeFromReplacedList(Throwable error) {
        return Futures.causeOf(error) instanceof NacosException refused && refused.status() == NacosException.CONFLICT;
    }

    /**
     * Applies the command to a copy of the service's persistent instances as this node applied
     * them from the 1.x data, and writes the outcome.
     */
    private <R> CompletableFuture<R> writeThroughGroup(ServiceKey service, Command<ServiceRegistry, R> command) {
        // Read before the instances: a change applied in between makes the leader refuse, not lose it.
        String listKey = LegacyPersistentKeys.instanceList(service);
        HttpRaft.Basis basis = httpRaft.inPlay() ? httpRaft.basisOf(listKey) : null;
        LegacyPersistentStore.ListAsApplied held = store.listAsApplied(service);
        Map<String, List<InstanceRecord>> before = LegacyPersistentStore.byClient(held.instances());
        ServiceRegistry copy = new ServiceRegistry();
        before.forEach((clientId, instances) -> copy.publish(clientId, service, false, instances));
        @SuppressWarnings("unchecked") // instanceServiceOf let through naming's instance commands only
        R result = ((NamingCommand<R>) command).applyNow(copy);
        List<InstanceRecord> instances = new ArrayList<>();
        persistentPublications(copy, service).values().forEach(instances::addAll);
        if (instances.equals(before.values().stream().flatMap(List::stream).toList())) {
            return CompletableFuture.completedFuture(result);
        }
        WriteRequest write = ListWriteGuard.stamp(WriteRequest.newBuilder().setOperation("Write")
                .setData(ByteString.copyFrom(LegacyPersistentDatums.bytes(batchFor(service, instances)))).build(),
                listKey, held.datum());
        return writeToGroup(write, basis).thenApply(response -> {
            if (ListWriteGuard.isRefusal(response)) {
                throw new NacosException(NacosException.CONFLICT, ErrorCode.RESOURCE_CONFLICT, response.getErrMsg());
            }
            if (!response.getSuccess()) {
                throw new NacosException(NacosException.SERVER_ERROR, ErrorCode.SERVER_ERROR, "the 1.x group "
                        + LegacyPersistentStore.GROUP + " refused the write of " + service + ": "
                        + response.getErrMsg());
            }
            return result;
        });
    }

    /**
     * Writes through what 1.x members keep persistent data in now: the old HTTP Raft while a member
     * older than 1.4 is in the cluster (made from the basis, if any), else the 1.4 group.
     */
    private CompletableFuture<Response> writeToGroup(WriteRequest write, HttpRaft.Basis basis) {
        return httpRaft.inPlay() ? httpRaft.write(write, basis) : raft.writeLegacy(LegacyPersistentStore.GROUP, write);
    }

    /** Completes once this node holds what the 1.x members had committed of the service's list. */
    private CompletableFuture<Boolean> caughtUpWithGroup(ServiceKey service) {
        return httpRaft.inPlay() ? httpRaft.caughtUp(LegacyPersistentKeys.instanceList(service))
                : raft.caughtUpLegacy(LegacyPersistentStore.GROUP);
    }

    private LegacyPersistentDatums.Batch batchFor(ServiceKey service, List<InstanceRecord> instances) {
        List<byte[]> keys = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        String serviceKey = LegacyPersistentKeys.serviceMeta(service);
        if (!store.holds(serviceKey)) {
            keys.add(serviceKey.getBytes(StandardCharsets.UTF_8));
            values.add(serviceDatum(service, registry.get(service)));
        }
        keys.add(LegacyPersistentKeys.instanceList(service).getBytes(StandardCharsets.UTF_8));
        values.add(LegacyPersistentDatums.instancesDatum(service, instances));
        return new LegacyPersistentDatums.Batch(keys, values);
    }

    /**
     * The service's datum as a 1.4 node writes it, naming every cluster the service has with its
     * settings; 1.4's defaults for a service not registered here.
     */
    private static byte[] serviceDatum(ServiceKey service, RegisteredService registered) {
        if (registered == null) {
            return LegacyPersistentDatums.serviceDatum(service, ServiceMeta.DEFAULT, Map.of());
        }
        Map<String, ClusterMeta> clusters = new LinkedHashMap<>();
        registered.clusterNames().forEach(name -> clusters.put(name, registered.cluster(name)));
        return LegacyPersistentDatums.serviceDatum(service, registered.meta(), clusters);
    }

    private static Map<String, List<InstanceRecord>> persistentPublications(ServiceRegistry registry,
            ServiceKey service) {
        RegisteredService registered = registry.get(service);
        Map<String, List<InstanceRecord>> published = new LinkedHashMap<>();
        if (registered != null) {
            for (Map.Entry<String, Publication> entry : registered.publications().entrySet()) {
                if (ClientIds.isPersistent(entry.getKey())) {
                    published.put(entry.getKey(), entry.getValue().instances());
                }
            }
        }
        return published;
    }

    /**
     * Once double write is off, the instances written through the 1.x group are registered in our
     * own log (by the node that leads it; registering an instance again changes nothing), so they
     * outlive the group, which no 1.x node needs any more.
     */
    private void adoptGroupInstances() {
        if (!raft.isLeader(NamingStateMachine.GROUP)) {
            return;
        }
        int adopted = 0;
        for (ServiceKey service : store.services()) {
            for (InstanceRecord instance : store.instances(service)) {
                ours.submit(new NamingCommand.Register(ClientIds.ofAddress(instance.ip(), instance.port(), false),
                        service, instance)).whenComplete((done, error) -> {
                            if (error != null) {
                                LOG.warn("[legacy-persistent] {} {}:{} not registered in the 2.x log: {}", service,
                                        instance.ip(), instance.port(), error.getMessage());
                            }
                        });
                adopted++;
            }
        }
        LOG.info("[legacy-persistent] double write off: {} persistent instances of the 1.x group registered in the "
                + "2.x log", adopted);
    }
}
