package com.nacosx.naming.grpc;

import com.nacosx.api.common.Constants;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.naming.ServiceListRequest;
import com.nacosx.api.remote.naming.ServiceListResponse;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.GrpcAccess;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.naming.registry.Page;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.service.NamingQueries;
import org.springframework.stereotype.Component;

import java.util.List;

/** One page of the service names of a namespace and group, with the total count. */
@Component
public class ServiceListRequestHandler implements RequestHandler<ServiceListRequest> {

    private final NamingQueries queries;

    public ServiceListRequestHandler(NamingQueries queries) {
        this.queries = queries;
    }

    @Override
    public Class<ServiceListRequest> requestType() {
        return ServiceListRequest.class;
    }

    @Override
    public Access<ServiceListRequest> access() {
        return GrpcAccess.naming(Action.READ);
    }

    @Override
    public String tpsPoint() {
        return "RemoteNamingServiceListQuery";
    }

    @Override
    public Response handle(ServiceListRequest request, RequestMeta meta) {
        String namespace = request.namespace == null || request.namespace.isBlank()
                ? Constants.PUBLIC_NAMESPACE_ID : request.namespace;
        String group = request.groupName == null || request.groupName.isBlank()
                ? Constants.DEFAULT_GROUP : request.groupName;
        List<String> names = queries.list(namespace, group).stream().map(s -> s.key().name()).toList();
        ServiceListResponse response = new ServiceListResponse();
        response.count = names.size();
        response.serviceNames = Page.of(names, request.pageNo, request.pageSize);
        return response;
    }

    @Override
    public Response failure() {
        return new ServiceListResponse();
    }
}
