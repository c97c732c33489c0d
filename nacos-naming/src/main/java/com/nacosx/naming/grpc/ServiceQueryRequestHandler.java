package com.nacosx.naming.grpc;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.naming.QueryServiceResponse;
import com.nacosx.api.remote.naming.ServiceQueryRequest;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.GrpcAccess;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.Selection;
import com.nacosx.naming.service.NamingQueries;
import org.springframework.stereotype.Component;

/** Answers a service's current hosts, as asked (clusters, healthy only). */
@Component
public class ServiceQueryRequestHandler implements RequestHandler<ServiceQueryRequest> {

    private final NamingQueries queries;

    public ServiceQueryRequestHandler(NamingQueries queries) {
        this.queries = queries;
    }

    @Override
    public Class<ServiceQueryRequest> requestType() {
        return ServiceQueryRequest.class;
    }

    @Override
    public Access<ServiceQueryRequest> access() {
        return GrpcAccess.naming(Action.READ);
    }

    @Override
    public String tpsPoint() {
        return "RemoteNamingServiceQuery";
    }

    @Override
    public Response handle(ServiceQueryRequest request, RequestMeta meta) {
        ServiceKey key = ServiceKey.of(request.namespace, request.groupName, request.serviceName);
        QueryServiceResponse response = new QueryServiceResponse();
        response.serviceInfo = queries.select(key,
                new Selection(request.cluster, request.healthyOnly, false), meta.clientIp()).info();
        return response;
    }

    @Override
    public Response failure() {
        return new QueryServiceResponse();
    }
}
