package com.nacosx.naming.grpc;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.naming.InstanceResponse;
import com.nacosx.api.remote.naming.PersistentInstanceRequest;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.GrpcAccess;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.service.InstanceService;
import org.springframework.stereotype.Component;

/**
 * Registers or deregisters a persistent instance; it belongs to its address, not to the
 * connection, and is written to disk before the answer (hence blocking).
 */
@Component
public class PersistentInstanceRequestHandler implements RequestHandler<PersistentInstanceRequest> {

    private final InstanceService instances;

    public PersistentInstanceRequestHandler(InstanceService instances) {
        this.instances = instances;
    }

    @Override
    public Class<PersistentInstanceRequest> requestType() {
        return PersistentInstanceRequest.class;
    }

    @Override
    public Access<PersistentInstanceRequest> access() {
        return GrpcAccess.naming(Action.WRITE);
    }

    @Override
    public String tpsPoint() {
        return "RemoteNamingInstanceRegisterDeregister";
    }

    @Override
    public Response handle(PersistentInstanceRequest request, RequestMeta meta) {
        if (request.instance == null) {
            throw NacosException.missingParameter("instance");
        }
        boolean register = InstanceRequestHandler.isRegister(request.type);
        ServiceKey key = ServiceKey.of(request.namespace, request.groupName, request.serviceName);
        InstanceRecord instance = InstanceRecord.from(request.instance, false);
        if (register) {
            instances.register(key, instance);
        } else {
            instances.deregister(key, instance.ip(), instance.port(), instance.cluster(), false);
        }
        return new InstanceResponse(request.type);
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public Response failure() {
        return new InstanceResponse();
    }
}
