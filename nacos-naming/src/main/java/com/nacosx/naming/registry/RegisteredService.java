package com.nacosx.naming.registry;

import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceOverride;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One service in the registry: its metadata, its clusters' metadata and the publications of its
 * clients. Writers hold the object's lock; readers take the cached {@link ServiceView}.
 */
public final class RegisteredService {

    private final ServiceKey key;
    private final boolean ephemeral;
    private volatile ServiceMeta meta = ServiceMeta.DEFAULT;
    private final Map<String, ClusterMeta> clusters = new ConcurrentHashMap<>();
    private final Map<String, Publication> publications = new ConcurrentHashMap<>();
    private final Map<String, Publication> publicationsView = Collections.unmodifiableMap(publications);
    private final Map<String, InstanceOverride> overrides = new ConcurrentHashMap<>();
    private volatile ServiceView view;
    private volatile long emptySince;
    private boolean removed;

    RegisteredService(ServiceKey key, boolean ephemeral, long now) {
        this.key = key;
        this.ephemeral = ephemeral;
        this.emptySince = now;
    }

    public ServiceKey key() {
        return key;
    }

    public boolean ephemeral() {
        return ephemeral;
    }

    public ServiceMeta meta() {
        return meta;
    }

    public ClusterMeta cluster(String name) {
        return clusters.getOrDefault(name, ClusterMeta.DEFAULT);
    }

    public Map<String, ClusterMeta> clusters() {
        return Map.copyOf(clusters);
    }

    /** Every cluster the service has, in order: those given settings and those its instances are in. */
    public Set<String> clusterNames() {
        Set<String> names = new TreeSet<>(clusters.keySet());
        instances().forEach(instance -> names.add(instance.cluster()));
        return names;
    }

    /** Client id to publication; a live, read-only view, read it without holding the lock. */
    public Map<String, Publication> publications() {
        return publicationsView;
    }

    /**
     * Whether it belongs in durable storage: a persistent service, or one with metadata, cluster
     * settings or instances an operator changed.
     */
    public boolean durable() {
        return !ephemeral || !meta.equals(ServiceMeta.DEFAULT) || !clusters.isEmpty() || !overrides.isEmpty();
    }

    /** Endpoint ({@link InstanceOverride#endpointOf}) to what an operator set on it. */
    public Map<String, InstanceOverride> overrides() {
        return Collections.unmodifiableMap(overrides);
    }

    public int instanceCount() {
        int count = 0;
        for (Publication publication : publications.values()) {
            count += publication.instances().size();
        }
        return count;
    }

    /** The instance at ip:port in cluster, whoever published it, or null. */
    public InstanceRecord find(String ip, int port, String cluster) {
        for (Publication publication : publications.values()) {
            for (InstanceRecord instance : publication.instances()) {
                if (instance.sameEndpoint(ip, port, cluster)) {
                    return instance;
                }
            }
        }
        return null;
    }

    public List<InstanceRecord> instances() {
        List<InstanceRecord> all = new ArrayList<>();
        for (Publication publication : publications.values()) {
            all.addAll(publication.instances());
        }
        return all;
    }

    /** The current view, rebuilt when a change made the last one stale. */
    public ServiceView view() {
        ServiceView current = view;
        if (current == null) {
            synchronized (this) {
                current = view;
                if (current == null) {
                    current = new ServiceView(key, meta, overridden(instances()), System.currentTimeMillis());
                    view = current;
                }
            }
        }
        return current;
    }

    /** The instances as readers see them: with what an operator set laid over what clients published. */
    private List<InstanceRecord> overridden(List<InstanceRecord> published) {
        if (overrides.isEmpty()) {
            return published;
        }
        List<InstanceRecord> shown = new ArrayList<>(published.size());
        for (InstanceRecord instance : published) {
            InstanceOverride override = overrides.get(InstanceOverride.endpointOf(instance));
            shown.add(override == null ? instance : override.applyTo(instance));
        }
        return shown;
    }

    /** The instance at the endpoint as readers see it, or null. */
    public InstanceRecord findShown(String ip, int port, String cluster) {
        InstanceRecord published = find(ip, port, cluster);
        InstanceOverride override = overrides.get(InstanceOverride.endpointOf(ip, port, cluster));
        return published == null || override == null ? published : override.applyTo(published);
    }

    /** The endpoints an operator set something on where no client publishes an instance now. */
    public Set<String> overridesWithoutInstance() {
        if (overrides.isEmpty()) {
            return Set.of();
        }
        Set<String> gone = new HashSet<>(overrides.keySet());
        instances().forEach(instance -> gone.remove(InstanceOverride.endpointOf(instance)));
        return gone;
    }

    /** When the service last lost its last instance, or 0 while it has some. */
    long emptySince() {
        return emptySince;
    }

    boolean removed() {
        return removed;
    }

    void markRemoved() {
        removed = true;
    }

    void setMeta(ServiceMeta value) {
        meta = value;
        view = null;
    }

    void setCluster(String name, ClusterMeta value) {
        clusters.put(name, value);
    }

    /** Back to a service nobody described: default metadata, no cluster settings, nothing an operator set on instances. */
    void forgetDescription() {
        clusters.clear();
        overrides.clear();
        setMeta(ServiceMeta.DEFAULT);
    }

    /** Sets (or, with null, drops) what an operator set on an endpoint. */
    void setOverride(String endpoint, InstanceOverride override) {
        if (override == null) {
            overrides.remove(endpoint);
        } else {
            overrides.put(endpoint, override);
        }
        view = null;
    }

    void publish(String clientId, Publication publication) {
        publications.put(clientId, publication);
        emptySince = 0;
        view = null;
    }

    Publication unpublish(String clientId, long now) {
        Publication gone = publications.remove(clientId);
        if (gone != null) {
            view = null;
            if (publications.isEmpty()) {
                emptySince = now;
            }
        }
        return gone;
    }
}
