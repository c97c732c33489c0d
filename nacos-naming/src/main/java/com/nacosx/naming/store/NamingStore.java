package com.nacosx.naming.store;

import com.nacosx.core.env.NacosServerProperties;
import com.nacosx.core.readiness.LoadProgress;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceOverride;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps what must outlive the process: persistent instances and the metadata of services and
 * clusters, as one JSON file. A standalone node keeps it under {@code ${nacos.home}/data/naming}
 * and rewrites it (to a temporary file, synced, then renamed over the old one) before each
 * durable write is acknowledged; in a cluster the same file is the Raft group's snapshot, and the
 * group's log holds the writes since. Ephemeral instances never reach it.
 */
@Component
public class NamingStore implements SmartInitializingSingleton {

    private static final Logger LOG = LoggerFactory.getLogger(NamingStore.class);
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    static final String FILE_NAME = "naming-data.json";

    /** One service as stored; {@code overrides} is absent from files written before operators could set them. */
    public record StoredService(String namespace, String group, String name, boolean ephemeral, ServiceMeta meta,
                                Map<String, ClusterMeta> clusters, Map<String, List<InstanceRecord>> instances,
                                Map<String, InstanceOverride> overrides) {
    }

    /** The file's content. */
    public record Snapshot(List<StoredService> services) {
    }

    private final ServiceRegistry registry;
    private final Path file;
    private final boolean standalone;
    private final Object writeLock = new Object();
    private final LoadProgress progress;

    public NamingStore(ServiceRegistry registry, NacosServerProperties server, LoadProgress progress) {
        this.registry = registry;
        this.progress = progress;
        this.file = server.dataDir().resolve("naming").resolve(FILE_NAME);
        this.standalone = server.standalone();
    }

    /** A standalone node loads its file into the registry before any client can connect. */
    @Override
    public void afterSingletonsInstantiated() {
        if (standalone) {
            load(file);
        }
    }

    /** Adds the services stored in {@code source} to the registry; a missing file adds nothing. */
    void load(Path source) {
        if (!Files.exists(source)) {
            return;
        }
        Snapshot snapshot;
        try {
            snapshot = MAPPER.readValue(source.toFile(), Snapshot.class);
        } catch (RuntimeException e) {
            throw new IllegalStateException("The naming data file " + source + " cannot be read (" + e.getMessage()
                    + "); restore it from a backup or move it away to start empty", e);
        }
        try (LoadProgress.Load load = progress.begin("naming-store", "the persistent services from " + source,
                snapshot.services().size())) {
            for (StoredService stored : snapshot.services()) {
                ServiceKey key = new ServiceKey(stored.namespace(), stored.group(), stored.name());
                registry.describe(key, stored.ephemeral(), stored.meta(), stored.clusters(),
                        stored.overrides() == null ? Map.of() : stored.overrides());
                stored.instances().forEach((clientId, instances) ->
                        registry.publish(clientId, key, stored.ephemeral(), instances));
                load.advance(1);
            }
        }
        LOG.info("loaded {} services from {}", snapshot.services().size(), source);
    }

    /**
     * Forgets the durable part of the registry (persistent instances and services, every service's
     * description) before it is loaded again from a snapshot; ephemeral instances stay.
     */
    void forgetDurable() {
        for (String clientId : List.copyOf(registry.clientIds())) {
            if (ClientIds.isPersistent(clientId)) {
                registry.removeClient(clientId);
            }
        }
        for (RegisteredService service : List.copyOf(registry.all())) {
            boolean removed = !service.ephemeral() && registry.removeIfEmptySince(service.key(), Long.MAX_VALUE);
            if (!removed) {
                registry.describe(service.key(), service.ephemeral(), ServiceMeta.DEFAULT, Map.of(), Map.of());
            }
        }
    }

    /** Writes the durable part of the registry to this node's file; returns once it is on disk. */
    public void persist() {
        save(file);
    }

    /** Writes the durable part of the registry to {@code target}, atomically; returns once it is on disk. */
    void save(Path target) {
        synchronized (writeLock) {
            Snapshot snapshot = snapshot();
            try {
                Files.createDirectories(target.getParent());
                Path temporary = target.resolveSibling(target.getFileName() + ".tmp");
                Files.write(temporary, MAPPER.writeValueAsBytes(snapshot));
                try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                    channel.force(true);
                }
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                LOG.error("cannot write the naming data file {}", target, e);
                throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage()
                        + "; check the disk and the permissions of the data directory", e);
            }
        }
    }

    private Snapshot snapshot() {
        List<StoredService> services = new ArrayList<>();
        for (RegisteredService service : registry.all()) {
            Map<String, List<InstanceRecord>> persistent = new HashMap<>();
            for (Map.Entry<String, Publication> entry : service.publications().entrySet()) {
                if (ClientIds.isPersistent(entry.getKey())) {
                    persistent.put(entry.getKey(), entry.getValue().instances());
                }
            }
            if (service.durable()) {
                ServiceKey key = service.key();
                services.add(new StoredService(key.namespace(), key.group(), key.name(), service.ephemeral(),
                        service.meta(), service.clusters(), persistent, service.overrides()));
            }
        }
        return new Snapshot(services);
    }
}
