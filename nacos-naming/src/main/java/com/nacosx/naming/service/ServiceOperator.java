package com.nacosx.naming.service;

import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.store.NamingCommand;
import com.nacosx.naming.store.NamingWrites;
import org.springframework.stereotype.Component;

/** Service and cluster metadata writes; every one is durable before it returns. */
@Component
public class ServiceOperator {

    private final NamingWrites durable;

    public ServiceOperator(NamingWrites durable) {
        this.durable = durable;
    }

    public void create(ServiceKey key, boolean ephemeral, ServiceMeta meta) {
        durable.write(new NamingCommand.CreateService(key, ephemeral, meta));
    }

    public void update(ServiceKey key, ServiceMeta meta) {
        durable.write(new NamingCommand.UpdateService(key, meta));
    }

    public void updateCluster(ServiceKey key, String cluster, ClusterMeta meta) {
        durable.write(new NamingCommand.UpdateCluster(key, cluster, meta));
    }

    public void remove(ServiceKey key) {
        durable.write(new NamingCommand.RemoveService(key));
    }
}
