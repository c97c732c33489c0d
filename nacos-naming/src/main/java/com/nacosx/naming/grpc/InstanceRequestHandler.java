package com.nacosx.naming.grpc;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.naming.InstanceRequest;
import com.nacosx.api.remote.naming.InstanceResponse;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.GrpcAccess;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.service.InstanceService;
import org.springframework.stereotype.Component;

/** Registers or deregisters the sending connection's ephemeral instance. */
@Component
public class InstanceRequestHandler implements RequestHandler<InstanceRequest> {

    private final InstanceService instances;

    public InstanceRequestHandler(InstanceService instances) {
        this.instances = instances;
    }

    @Override
    public Class<InstanceRequest> requestType() {
        return InstanceRequest.class;
    }

    @Override
    public Access<InstanceRequest> access() {
        return GrpcAccess.naming(Action.WRITE);
    }

    @Override
    public String tpsPoint() {
        return "RemoteNamingInstanceRegisterDeregister";
    }

    @Override
    public Response handle(InstanceRequest request, RequestMeta meta) {
        if (request.instance == null) {
            throw NacosException.missingParameter("instance");
        }
        if (!request.instance.ephemeral) {
            throw NacosException.badRequest("InstanceRequest takes ephemeral instances; send a persistent one"
                    + " with PersistentInstanceRequest");
        }
        boolean register = isRegister(request.type);
        ServiceKey key = ServiceKey.of(request.namespace, request.groupName, request.serviceName);
        InstanceRecord instance = InstanceRecord.from(request.instance, true);
        if (register) {
            instances.registerForConnection(meta.connectionId(), key, instance);
        } else {
            instances.deregisterForConnection(meta.connectionId(), key, instance.ip(), instance.port(),
                    instance.cluster());
        }
        return new InstanceResponse(request.type);
    }

    /**
     * @return true for a register, false for a deregister
     * @throws NacosException 400 for any other type
     */
    static boolean isRegister(String type) {
        if (InstanceRequest.REGISTER.equals(type) || InstanceRequest.DEREGISTER.equals(type)) {
            return InstanceRequest.REGISTER.equals(type);
        }
        throw NacosException.badRequest("Unsupported request type '" + type + "'; use "
                + InstanceRequest.REGISTER + " or " + InstanceRequest.DEREGISTER);
    }

    @Override
    public Response failure() {
        return new InstanceResponse();
    }
}
