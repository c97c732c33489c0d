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
import org.springframework.stereotype.Component;

/** Registers or deregisters the sending connection's ephemeral instance. */
@Component
public class InstanceRequestHandler implements RequestHandler<InstanceRequest> {

    private final GrpcInstanceWrites writes;

    public InstanceRequestHandler(GrpcInstanceWrites writes) {
        this.writes = writes;
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
        writes.apply(request, request.type, request.instance, meta.connectionId());
        return new InstanceResponse(request.type);
    }

    @Override
    public Response failure() {
        return new InstanceResponse();
    }
}
