package com.nacosx.naming.service;

import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.store.NamingStore;
import org.springframework.stereotype.Component;

/** Service and cluster metadata writes; every one is on disk before it returns. */
@Component
public class ServiceOperator {

    private final ServiceRegistry registry;
    private final NamingStore store;

    public ServiceOperator(ServiceRegistry registry, NamingStore store) {
        this.registry = registry;
        this.store = store;
    }

    public void create(ServiceKey key, boolean ephemeral, ServiceMeta meta) {
        registry.create(key, ephemeral, meta);
        store.persist();
    }

    public void update(ServiceKey key, ServiceMeta meta) {
        registry.updateMeta(key, meta);
        store.persist();
    }

    public void updateCluster(ServiceKey key, String cluster, ClusterMeta meta) {
        registry.updateCluster(key, cluster, meta);
        store.persist();
    }

    public void remove(ServiceKey key) {
        registry.remove(key);
        store.persist();
    }
}
