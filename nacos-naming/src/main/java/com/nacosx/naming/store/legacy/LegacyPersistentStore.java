package com.nacosx.naming.store.legacy;

import com.alibaba.nacos.consistency.entity.ReadRequest;
import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import com.google.protobuf.ByteString;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.raft.LegacyRaftStateMachine;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Persistent instances as official 1.4 nodes keep them, in their JRaft group
 * {@code naming_persistent_service}, of which every node of ours is a peer while the cluster
 * upgrades from 1.x. What the group applies is kept here as they keep it, key by key, so reads and
 * snapshots are theirs, and mirrored into the registry: a service's instance list becomes its
 * persistent instances, one client per address as our own persistent instances are, so 1.x and
 * 2.x clients of ours see what was registered on a 1.4 node, and the other way round (see
 * {@link LegacyPersistentLog}); a service's datum becomes its protect threshold and metadata, here
 * or once the service is created here. Once double write is off the group is kept but no longer
 * mirrored: its instances were handed to our own group then, and what it says after that is not
 * ours.
 */
@Component
public class LegacyPersistentStore implements LegacyRaftStateMachine {

    /** The 1.4 group's name. */
    public static final String GROUP = "naming_persistent_service";

    private static final Logger LOG = LoggerFactory.getLogger(LegacyPersistentStore.class);
    private static final String WRITE = "Write";
    private static final String DELETE = "Delete";

    private final ServiceRegistry registry;
    private final UpgradeJudgement upgrade;
    private final Map<String, byte[]> datums = new ConcurrentHashMap<>();
    /**
     * Services whose datum the group applied before the service existed here: our own group may
     * apply a service's creation after the 1.x group applied a later edit of it (the two groups
     * apply independently), and a 1.4 node writes a service's datum before its instance list.
     */
    private final Set<ServiceKey> describedBeforeCreated = ConcurrentHashMap.newKeySet();
    /**
     * What the old HTTP Raft has written ({@link HttpRaft}) and removed since the group last spoke
     * of each key: that is the newer word on the key, so it is read before the group's. A key the
     * old Raft never spoke of is read from the group (written there before the old Raft came into
     * play); the group's next write of a key, once the old Raft is out of play, is newer again. So
     * nothing drops out, nor comes back, when the data changes hands either way.
     */
    private final Map<String, byte[]> oldRaft = new ConcurrentHashMap<>();
    private final Set<String> removedByOldRaft = ConcurrentHashMap.newKeySet();
    private volatile BooleanSupplier oldRaftInPlay = () -> false;
    private final ListWriteGuard guard = new ListWriteGuard(datums::get);

    public LegacyPersistentStore(ServiceRegistry registry, UpgradeJudgement upgrade) {
        this.registry = registry;
        this.upgrade = upgrade;
        registry.addListener(this::describeOnceCreated);
    }

    @Override
    public String group() {
        return GROUP;
    }

    @Override
    public synchronized void reset() {
        datums.clear();
        describedBeforeCreated.clear();
    }

    /**
     * A service's persistent instances as this node applied them, with the group's datum of its
     * list, read in one step: a write made from them and said to be made from that datum
     * ({@link ListWriteGuard}) leaves out nothing the datum had.
     */
    record ListAsApplied(byte[] datum, List<InstanceRecord> instances) {
    }

    synchronized ListAsApplied listAsApplied(ServiceKey service) {
        return new ListAsApplied(datums.get(LegacyPersistentKeys.instanceList(service)), instances(service));
    }

    /** Whether the 1.x data holds the key (a 1.4 node creates a service's datum once). */
    boolean holds(String key) {
        return current(key) != null;
    }

    /**
     * While {@code inPlay} says so, the old HTTP Raft holds the 1.x data: what the group applies
     * then (its log replayed at a start) is not newer than the old Raft's word.
     */
    void oldRaftInPlayWhile(BooleanSupplier inPlay) {
        this.oldRaftInPlay = inPlay;
    }

    /** The key's datum in the 1.x data: the old Raft's word on it when it has one, else the group's. */
    private byte[] current(String key) {
        byte[] datum = oldRaft.get(key);
        return datum != null || removedByOldRaft.contains(key) ? datum : datums.get(key);
    }

    /**
     * Applies a batch as a 1.4 node does: refused whole when it names an operation other than
     * Write or Delete, a key 1.4 does not know or a value it cannot read; else every key is stored
     * or dropped, then mirrored.
     */
    @Override
    public Response applyWrite(WriteRequest write) {
        String operation = write.getOperation();
        if (!WRITE.equals(operation) && !DELETE.equals(operation)) {
            return failure("unsupport operation : " + operation);
        }
        Map<String, byte[]> batch = new LinkedHashMap<>();
        try {
            LegacyPersistentDatums.Batch read = LegacyPersistentDatums.batch(write.getData().toByteArray());
            for (int i = 0; i < read.keys().size(); i++) {
                String key = new String(read.keys().get(i), StandardCharsets.UTF_8);
                if (!LegacyPersistentKeys.isValid(key)) {
                    return failure("invalid key: " + key);
                }
                byte[] value = read.values().get(i);
                if (WRITE.equals(operation)) {
                    checkReadable(key, value);
                }
                batch.put(key, value);
            }
        } catch (IllegalArgumentException e) {
            return failure(e.getMessage());
        }
        boolean groupSpeaks = !oldRaftInPlay.getAsBoolean();
        // One step as listAsApplied sees it: a datum is never read without the instances it brought.
        synchronized (this) {
            batch.forEach((key, value) -> applyKey(operation, key, value, groupSpeaks));
        }
        return Response.newBuilder().setSuccess(true).build();
    }

    private void applyKey(String operation, String key, byte[] value, boolean groupSpeaks) {
        if (WRITE.equals(operation)) {
            datums.put(key, value);
        } else {
            datums.remove(key);
        }
        if (groupSpeaks) {
            oldRaft.remove(key);
            removedByOldRaft.remove(key);
        }
        mirror(key);
    }

    @Override
    public Response refuse(WriteRequest write) {
        return guard.refuse(write);
    }

    @Override
    public void settled(WriteRequest write) {
        guard.settled(write);
    }

    /** The old HTTP Raft applied the key's datum. */
    synchronized void putFromOldRaft(String key, byte[] datum) {
        oldRaft.put(key, datum);
        removedByOldRaft.remove(key);
        mirror(key);
    }

    synchronized void removeFromOldRaft(String key) {
        oldRaft.remove(key);
        removedByOldRaft.add(key);
        mirror(key);
    }

    /** Throws {@link IllegalArgumentException} when the datum is not one a 1.4 node could read for the key. */
    static void checkReadable(String key, byte[] value) {
        if (LegacyPersistentKeys.instanceListService(key) != null) {
            LegacyPersistentDatums.instances(key, value);
        } else if (LegacyPersistentKeys.serviceMetaService(key) != null) {
            LegacyPersistentDatums.serviceDescription(key, value);
        }
    }

    @Override
    public Response read(ReadRequest read) {
        List<byte[]> keys;
        try {
            keys = LegacyPersistentDatums.keys(read.getData().toByteArray());
        } catch (IllegalArgumentException e) {
            return failure(e.getMessage());
        }
        List<byte[]> found = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        for (byte[] key : keys) {
            String name = new String(key, StandardCharsets.UTF_8);
            if (!LegacyPersistentKeys.isValid(name)) {
                return failure("invalid key: " + name);
            }
            byte[] value = datums.get(name);
            if (value != null) {
                found.add(key);
                values.add(value);
            }
        }
        return Response.newBuilder().setSuccess(true).setData(ByteString.copyFrom(
                LegacyPersistentDatums.bytes(new LegacyPersistentDatums.Batch(found, values)))).build();
    }

    /** The services whose instance lists the 1.x data holds. */
    List<ServiceKey> services() {
        Set<String> keys = new HashSet<>(oldRaft.keySet());
        keys.addAll(datums.keySet());
        return keys.stream().filter(key -> current(key) != null).map(LegacyPersistentKeys::instanceListService)
                .filter(Objects::nonNull).toList();
    }

    /** The persistent instances the 1.x data holds for the service, as this node applied them. */
    List<InstanceRecord> instances(ServiceKey service) {
        String key = LegacyPersistentKeys.instanceList(service);
        byte[] datum = current(key);
        return datum == null ? List.of() : LegacyPersistentDatums.instances(key, datum);
    }

    private void mirror(String key) {
        if (!upgrade.isDoubleWriteEnabled()) {
            return;
        }
        ServiceKey service = LegacyPersistentKeys.instanceListService(key);
        if (service != null) {
            mirrorInstances(service, instances(service));
            return;
        }
        service = LegacyPersistentKeys.serviceMetaService(key);
        if (service != null) {
            mirrorServiceMeta(service, key);
        }
    }

    /**
     * Gives the service the group's description of it. A service not here yet gets it when it is
     * created (by our own group or by its first instance), not before: whether it holds ephemeral
     * or persistent instances is not in the group.
     */
    private void mirrorServiceMeta(ServiceKey service, String key) {
        byte[] datum = current(key);
        if (datum == null) {
            describedBeforeCreated.remove(service);
            return;
        }
        RegisteredService registered = registry.get(service);
        if (registered == null) {
            describedBeforeCreated.add(service);
            // Created since the look above, its listener may have found nothing to describe.
            registered = registry.get(service);
            if (registered == null || !describedBeforeCreated.remove(service)) {
                return;
            }
        }
        // 1.4 writes no selector we read; the one set here stays. A cluster the datum does not name
        // keeps its settings: 1.4 names every cluster it has, and ours are written to it the same way.
        LegacyPersistentDatums.ServiceDescription read = LegacyPersistentDatums.serviceDescription(key, datum);
        ServiceMeta current = registered.meta();
        try {
            registry.updateMeta(service, new ServiceMeta(read.meta().protectThreshold(), read.meta().metadata(),
                    current.selectorType(), current.selectorExpression()));
            for (Map.Entry<String, ClusterMeta> cluster : read.clusters().entrySet()) {
                if (!cluster.getValue().equals(registered.cluster(cluster.getKey()))) {
                    registry.updateCluster(service, cluster.getKey(), cluster.getValue());
                }
            }
        } catch (NacosException removed) {
            LOG.debug("[legacy-persistent] {} removed before its 1.x datum was applied", service);
        }
    }

    private void describeOnceCreated(ServiceKey service) {
        if (!describedBeforeCreated.isEmpty() && describedBeforeCreated.remove(service)
                && upgrade.isDoubleWriteEnabled()) {
            mirrorServiceMeta(service, LegacyPersistentKeys.serviceMeta(service));
        }
    }

    /**
     * Makes the service's persistent instances here those of the list: one client per address,
     * and none left of an address the list no longer has.
     */
    private void mirrorInstances(ServiceKey service, List<InstanceRecord> instances) {
        Map<String, List<InstanceRecord>> byClient = byClient(instances);
        RegisteredService current = registry.get(service);
        if (current != null) {
            for (String clientId : List.copyOf(current.publications().keySet())) {
                if (ClientIds.isPersistent(clientId) && !byClient.containsKey(clientId)) {
                    registry.unpublish(clientId, service, instance -> true);
                }
            }
        }
        try {
            byClient.forEach((clientId, published) -> registry.publish(clientId, service, false, published));
        } catch (NacosException e) {
            LOG.warn("[legacy-persistent] cannot hold the persistent instances of {} from the 1.x group: {}", service,
                    e.getMessage());
        }
    }

    /** The instances by the client that holds them here: one per address, as our own persistent instances. */
    static Map<String, List<InstanceRecord>> byClient(List<InstanceRecord> instances) {
        Map<String, List<InstanceRecord>> byClient = new LinkedHashMap<>();
        for (InstanceRecord instance : instances) {
            byClient.computeIfAbsent(ClientIds.ofAddress(instance.ip(), instance.port(), false),
                    client -> new ArrayList<>()).add(instance);
        }
        return byClient;
    }

    @Override
    public void saveSnapshot(Path directory) throws IOException {
        LegacySnapshotArchive.write(directory, datums);
    }

    @Override
    public synchronized void loadSnapshot(Path directory) throws IOException {
        Map<String, byte[]> loaded = LegacySnapshotArchive.read(directory);
        List<String> gone = datums.keySet().stream().filter(key -> !loaded.containsKey(key)).toList();
        datums.clear();
        datums.putAll(loaded);
        gone.forEach(this::mirror);
        loaded.keySet().forEach(this::mirror);
        LOG.info("[legacy-persistent] {} datums loaded from the 1.x group's snapshot", loaded.size());
    }

    private static Response failure(String message) {
        return Response.newBuilder().setSuccess(false).setErrMsg(message).build();
    }
}
