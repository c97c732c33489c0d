package com.nacosx.naming.grpc;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.Instance;
import com.nacosx.api.naming.NamingNames;
import com.nacosx.api.remote.naming.AbstractNamingRequest;
import com.nacosx.api.remote.naming.InstanceRequest;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.service.InstanceOperator;
import org.springframework.stereotype.Component;

/** The register and deregister path shared by the gRPC instance requests. */
@Component
public class GrpcInstanceWrites {

    private final InstanceOperator instances;
    private final ServiceRegistry registry;
    private final ConnectionManager connections;

    public GrpcInstanceWrites(InstanceOperator instances, ServiceRegistry registry, ConnectionManager connections) {
        this.instances = instances;
        this.registry = registry;
        this.connections = connections;
    }

    void apply(AbstractNamingRequest request, String type, Instance instance, String clientId) {
        ServiceKey key = ServiceKey.of(request.namespace, request.groupName, request.serviceName);
        if (InstanceRequest.REGISTER.equals(type)) {
            instances.register(clientId, key, InstanceRecord.from(instance, instance.ephemeral));
            dropIfConnectionGone(clientId, instance.ephemeral);
        } else if (InstanceRequest.DEREGISTER.equals(type)) {
            String cluster = instance.clusterName == null || instance.clusterName.isBlank()
                    ? NamingNames.DEFAULT_CLUSTER : instance.clusterName;
            instances.deregister(clientId, key, instance.ip, instance.port, cluster, instance.ephemeral);
        } else {
            throw NacosException.badRequest("Unsupported request type '" + type + "'; use "
                    + InstanceRequest.REGISTER + " or " + InstanceRequest.DEREGISTER);
        }
    }

    /** A connection that closed while its register ran must not leave the instance behind. */
    void dropIfConnectionGone(String clientId, boolean ephemeral) {
        if (ephemeral && connections.get(clientId) == null) {
            registry.removeClient(clientId);
        }
    }
}
