package com.nacosx.naming.registry;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.util.Listeners;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceOverride;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The one index of services both client generations read and write: service to publishing
 * clients, and client to the services it publishes in. Each change to a service is made under
 * that service's lock and then told to the {@link ServiceChangeListener}s.
 */
@Component
public class ServiceRegistry {

    private final Map<ServiceKey, RegisteredService> services = new ConcurrentHashMap<>();
    private final Map<String, Set<ServiceKey>> servicesByClient = new ConcurrentHashMap<>();
    private final Listeners<ServiceChangeListener> listeners = new Listeners<>("a service change");
    private final Listeners<ClientChangeListener> clientListeners = new Listeners<>("a client change");

    public void addListener(ServiceChangeListener listener) {
        listeners.enrol(listener);
    }

    public void addClientListener(ClientChangeListener listener) {
        clientListeners.enrol(listener);
    }

    /** Everything the client publishes, service by service. */
    public Map<ServiceKey, List<InstanceRecord>> publishedBy(String clientId) {
        Map<ServiceKey, List<InstanceRecord>> published = new HashMap<>();
        for (ServiceKey key : servicesByClient.getOrDefault(clientId, Set.of())) {
            Publication publication = publication(clientId, key);
            if (publication != null) {
                published.put(key, publication.instances());
            }
        }
        return published;
    }

    /** Makes the client publish exactly this, service by service: what it no longer publishes goes. */
    public void replaceClient(String clientId, Map<ServiceKey, List<InstanceRecord>> published) {
        for (ServiceKey key : Set.copyOf(servicesByClient.getOrDefault(clientId, Set.of()))) {
            if (!published.containsKey(key)) {
                unpublish(clientId, key, instance -> true);
            }
        }
        published.forEach((key, instances) -> replacePublication(clientId, key, instances));
    }

    /** Makes the client publish exactly these instances in the service; none, and it leaves the service. */
    public void replacePublication(String clientId, ServiceKey key, List<InstanceRecord> instances) {
        if (instances.isEmpty()) {
            unpublish(clientId, key, instance -> true);
            return;
        }
        Publication current = publication(clientId, key);
        if (current == null || !current.instances().equals(instances)) {
            publish(clientId, key, true, instances);
        }
    }

    /** The service, or null when it does not exist. */
    public RegisteredService get(ServiceKey key) {
        return services.get(key);
    }

    public Collection<RegisteredService> all() {
        return services.values();
    }

    /** The services of a namespace, of one group or of all when {@code group} is null, sorted by group and name. */
    public List<RegisteredService> list(String namespace, String group) {
        List<RegisteredService> found = new ArrayList<>();
        for (RegisteredService service : services.values()) {
            ServiceKey key = service.key();
            if (key.namespace().equals(namespace) && (group == null || key.group().equals(group))) {
                found.add(service);
            }
        }
        found.sort(Comparator.comparing((RegisteredService s) -> s.key().group()).thenComparing(s -> s.key().name()));
        return found;
    }

    /** The view of the service, empty when it does not exist. */
    public ServiceView view(ServiceKey key) {
        RegisteredService service = services.get(key);
        return service == null ? ServiceView.empty(key) : service.view();
    }

    /** Whether the client publishes anything. */
    public boolean publishes(String clientId) {
        return servicesByClient.containsKey(clientId);
    }

    public int clientCount() {
        return servicesByClient.size();
    }

    public Set<String> clientIds() {
        return servicesByClient.keySet();
    }

    /**
     * Replaces what the client publishes in the service with {@code instances}, creating the
     * service when it does not exist.
     *
     * @throws NacosException 400 when the service holds the other kind of instances
     */
    public void publish(String clientId, ServiceKey key, boolean ephemeral, List<InstanceRecord> instances) {
        long now = System.currentTimeMillis();
        mutate(key, ephemeral, service -> {
            requireKind(service, ephemeral);
            servicesByClient.computeIfAbsent(clientId, id -> ConcurrentHashMap.newKeySet()).add(key);
            service.publish(clientId, new Publication(instances, now));
        });
        clientChanged(clientId, key);
    }

    /**
     * Removes the client's instances from the service; of a batch, only those {@code which} matches.
     *
     * @return whether anything was removed
     */
    public boolean unpublish(String clientId, ServiceKey key, Predicate<InstanceRecord> which) {
        RegisteredService service = services.get(key);
        if (service == null) {
            return false;
        }
        synchronized (service) {
            Publication publication = service.publications().get(clientId);
            if (publication == null) {
                return false;
            }
            // A single instance goes whatever endpoint was named, as the official server does.
            List<InstanceRecord> current = publication.instances();
            List<InstanceRecord> kept = current.size() == 1 ? List.of() : current.stream().filter(which.negate()).toList();
            if (kept.size() == current.size()) {
                return false;
            }
            if (kept.isEmpty()) {
                service.unpublish(clientId, System.currentTimeMillis());
                forgetClientService(clientId, key);
            } else {
                service.publish(clientId, new Publication(kept, publication.lastBeat()));
            }
        }
        changed(key);
        clientChanged(clientId, key);
        return true;
    }

    /** Drops everything the client publishes: its connection closed or its beats stopped. */
    public void removeClient(String clientId) {
        Set<ServiceKey> keys = servicesByClient.remove(clientId);
        if (keys == null) {
            return;
        }
        long now = System.currentTimeMillis();
        for (ServiceKey key : keys) {
            RegisteredService service = services.get(key);
            if (service == null) {
                continue;
            }
            boolean removed;
            synchronized (service) {
                removed = service.unpublish(clientId, now) != null;
            }
            if (removed) {
                changed(key);
            }
        }
        clientChanged(clientId, null);
    }

    /** The client's publication in the service, or null. */
    public Publication publication(String clientId, ServiceKey key) {
        RegisteredService service = services.get(key);
        return service == null ? null : service.publications().get(clientId);
    }

    /**
     * Records a beat of the client's instance, sent at {@code at} (epoch millis): it is alive, and
     * healthy again if it was not.
     *
     * @return false when the client publishes nothing in the service
     */
    public boolean beat(String clientId, ServiceKey key, long at) {
        Publication publication = publication(clientId, key);
        if (publication == null) {
            return false;
        }
        publication.beat(at);
        if (publication.instances().stream().noneMatch(InstanceRecord::healthy)) {
            setHealthy(clientId, key, instance -> true, true);
        }
        return true;
    }

    /**
     * Marks the client's matching instances healthy or not.
     *
     * @return whether an instance changed
     */
    public boolean setHealthy(String clientId, ServiceKey key, Predicate<InstanceRecord> which, boolean healthy) {
        return replaceInstances(clientId, key, which, instance -> instance.withHealthy(healthy));
    }

    /**
     * Replaces the client's matching instances with what {@code change} makes of them.
     *
     * @return whether an instance changed
     */
    public boolean replaceInstances(String clientId, ServiceKey key, Predicate<InstanceRecord> which,
            UnaryOperator<InstanceRecord> change) {
        RegisteredService service = services.get(key);
        if (service == null) {
            return false;
        }
        synchronized (service) {
            Publication publication = service.publications().get(clientId);
            if (publication == null) {
                return false;
            }
            List<InstanceRecord> updated = new ArrayList<>(publication.instances().size());
            boolean any = false;
            for (InstanceRecord instance : publication.instances()) {
                InstanceRecord next = which.test(instance) ? change.apply(instance) : instance;
                any |= !next.equals(instance);
                updated.add(next);
            }
            if (!any) {
                return false;
            }
            service.publish(clientId, new Publication(updated, publication.lastBeat()));
        }
        changed(key);
        clientChanged(clientId, key);
        return true;
    }

    /**
     * Creates an empty service.
     *
     * @throws NacosException 400 when it exists
     */
    public void create(ServiceKey key, boolean ephemeral, ServiceMeta meta) {
        RegisteredService created = new RegisteredService(key, ephemeral, System.currentTimeMillis());
        created.setMeta(meta);
        if (services.putIfAbsent(key, created) != null) {
            throw NacosException.badRequest("specified service already exists, serviceName : " + key.grouped());
        }
        changed(key);
    }

    /**
     * @throws NacosException 400 (as the official server) when the service does not exist
     */
    public void updateMeta(ServiceKey key, ServiceMeta meta) {
        RegisteredService service = existing(key);
        synchronized (service) {
            service.setMeta(meta);
        }
        changed(key);
    }

    /**
     * Lays what an operator set over the instance at {@code endpoint}, or with null drops it.
     *
     * @throws NacosException 400 when the service does not exist
     */
    public void override(ServiceKey key, String endpoint, InstanceOverride override) {
        RegisteredService service = existing(key);
        synchronized (service) {
            service.setOverride(endpoint, override);
        }
        changed(key);
    }

    /** Drops what an operator set on {@code endpoint} when no client publishes an instance there; @return whether it did */
    public boolean dropOverrideIfGone(ServiceKey key, String endpoint) {
        RegisteredService service = services.get(key);
        if (service == null) {
            return false;
        }
        synchronized (service) {
            if (!service.overridesWithoutInstance().contains(endpoint)) {
                return false;
            }
            service.setOverride(endpoint, null);
        }
        changed(key);
        return true;
    }

    public void updateCluster(ServiceKey key, String cluster, ClusterMeta meta) {
        RegisteredService service = existing(key);
        synchronized (service) {
            service.setCluster(cluster, meta);
        }
        changed(key);
    }

    /**
     * Removes a service that has no instances.
     *
     * @throws NacosException 400 when it does not exist or still has instances
     */
    public void remove(ServiceKey key) {
        RegisteredService service = existing(key);
        synchronized (service) {
            if (!service.publications().isEmpty()) {
                throw NacosException.badRequest("Service " + key.grouped()
                        + " is not empty, can't be delete. Please unregister instance first");
            }
            service.markRemoved();
            services.remove(key, service);
        }
        changed(key);
    }

    /** Removes the service when it has had no instances since before {@code cutoff}. */
    public boolean removeIfEmptySince(ServiceKey key, long cutoff) {
        RegisteredService service = services.get(key);
        if (service == null) {
            return false;
        }
        synchronized (service) {
            long emptySince = service.emptySince();
            if (!service.publications().isEmpty() || emptySince == 0 || emptySince > cutoff) {
                return false;
            }
            service.markRemoved();
            services.remove(key, service);
        }
        changed(key);
        return true;
    }

    /**
     * @throws NacosException 400 (as the official server) when the service does not exist
     */
    public RegisteredService existing(ServiceKey key) {
        RegisteredService service = services.get(key);
        if (service == null) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.RESOURCE_NOT_FOUND,
                    "service not found, namespace: " + key.namespace() + ", serviceName: " + key.grouped()
                            + "; register an instance or create the service first");
        }
        return service;
    }

    /**
     * Sets a service's durable description (its metadata, cluster settings and what an operator
     * set on its instances, replacing what it had), creating the service when it does not exist.
     */
    public void describe(ServiceKey key, boolean ephemeral, ServiceMeta meta, Map<String, ClusterMeta> clusters,
            Map<String, InstanceOverride> overrides) {
        mutate(key, ephemeral, service -> {
            service.forgetDescription();
            service.setMeta(meta);
            clusters.forEach(service::setCluster);
            overrides.forEach(service::setOverride);
        });
    }

    private void mutate(ServiceKey key, boolean ephemeral, Consumer<RegisteredService> change) {
        while (true) {
            RegisteredService service = services.computeIfAbsent(key,
                    k -> new RegisteredService(k, ephemeral, System.currentTimeMillis()));
            synchronized (service) {
                if (service.removed()) {
                    continue;
                }
                change.accept(service);
            }
            changed(key);
            return;
        }
    }

    private static void requireKind(RegisteredService service, boolean ephemeral) {
        if (service.ephemeral() != ephemeral) {
            throw NacosException.badRequest("Current service " + service.key().grouped() + " is "
                    + (service.ephemeral() ? "ephemeral" : "persistent") + " service, can't register "
                    + (ephemeral ? "ephemeral" : "persistent") + " instance.");
        }
    }

    private void forgetClientService(String clientId, ServiceKey key) {
        Set<ServiceKey> keys = servicesByClient.get(clientId);
        if (keys != null) {
            keys.remove(key);
            if (keys.isEmpty()) {
                servicesByClient.remove(clientId, keys);
            }
        }
    }

    private void clientChanged(String clientId, ServiceKey service) {
        clientListeners.tell(listener -> listener.clientChanged(clientId, service));
    }

    private void changed(ServiceKey key) {
        listeners.tell(listener -> listener.serviceChanged(key));
    }
}
