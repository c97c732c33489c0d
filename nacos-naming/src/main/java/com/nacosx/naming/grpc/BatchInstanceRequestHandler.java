package com.nacosx.naming.grpc;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.Instance;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.naming.BatchInstanceRequest;
import com.nacosx.api.remote.naming.BatchInstanceResponse;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.GrpcAccess;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.service.InstanceService;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;

/** Replaces the sending connection's instances of one service with a batch. */
@Component
public class BatchInstanceRequestHandler implements RequestHandler<BatchInstanceRequest> {

    private final InstanceService instances;

    public BatchInstanceRequestHandler(InstanceService instances) {
        this.instances = instances;
    }

    @Override
    public Class<BatchInstanceRequest> requestType() {
        return BatchInstanceRequest.class;
    }

    @Override
    public Access<BatchInstanceRequest> access() {
        return GrpcAccess.naming(Action.WRITE);
    }

    @Override
    public String tpsPoint() {
        return "RemoteNamingInstanceBatchRegister";
    }

    @Override
    public Response handle(BatchInstanceRequest request, RequestMeta meta) {
        if (!BatchInstanceRequest.BATCH_REGISTER.equals(request.type)) {
            throw NacosException.badRequest("Unsupported request type '" + request.type + "'; use "
                    + BatchInstanceRequest.BATCH_REGISTER);
        }
        if (request.instances == null || request.instances.contains(null)) {
            throw NacosException.missingParameter("instances");
        }
        ServiceKey key = ServiceKey.of(request.namespace, request.groupName, request.serviceName);
        List<InstanceRecord> records = new ArrayList<>(request.instances.size());
        for (Instance instance : request.instances) {
            records.add(InstanceRecord.from(instance, instance.ephemeral));
        }
        instances.batchRegisterForConnection(meta.connectionId(), key, records);
        return new BatchInstanceResponse(request.type);
    }

    @Override
    public Response failure() {
        return new BatchInstanceResponse();
    }
}
