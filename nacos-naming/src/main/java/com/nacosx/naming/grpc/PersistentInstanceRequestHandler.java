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
import com.nacosx.naming.registry.ClientIds;
import org.springframework.stereotype.Component;

/**
 * Registers or deregisters a persistent instance; it belongs to its address, not to the
 * connection, and is written to disk before the answer (hence blocking).
 */
@Component
public class PersistentInstanceRequestHandler implements RequestHandler<PersistentInstanceRequest> {

    private final GrpcInstanceWrites writes;

    public PersistentInstanceRequestHandler(GrpcInstanceWrites writes) {
        this.writes = writes;
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
        request.instance.ephemeral = false;
        writes.apply(request, request.type, request.instance,
                ClientIds.ofAddress(request.instance.ip, request.instance.port, false));
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
