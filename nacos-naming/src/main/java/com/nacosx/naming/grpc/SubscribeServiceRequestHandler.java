package com.nacosx.naming.grpc;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.naming.SubscribeServiceRequest;
import com.nacosx.api.remote.naming.SubscribeServiceResponse;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.GrpcAccess;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.push.PushScheduler;
import com.nacosx.naming.registry.Selection;
import com.nacosx.naming.service.NamingQueries;
import com.nacosx.naming.service.ServiceService;
import org.springframework.stereotype.Component;

/**
 * Subscribes the connection to a service (answering its current view, so the client starts
 * from it, and pushing it once more: a client that subscribes again after a reconnect ignores the
 * answer) or unsubscribes it.
 */
@Component
public class SubscribeServiceRequestHandler implements RequestHandler<SubscribeServiceRequest> {

    private final ServiceService services;
    private final NamingQueries queries;
    private final PushScheduler pushes;

    public SubscribeServiceRequestHandler(ServiceService services, NamingQueries queries, PushScheduler pushes) {
        this.services = services;
        this.queries = queries;
        this.pushes = pushes;
    }

    @Override
    public Class<SubscribeServiceRequest> requestType() {
        return SubscribeServiceRequest.class;
    }

    @Override
    public Access<SubscribeServiceRequest> access() {
        return GrpcAccess.naming(Action.READ);
    }

    @Override
    public String tpsPoint() {
        return "RemoteNamingServiceSubscribeUnSubscribe";
    }

    @Override
    public Response handle(SubscribeServiceRequest request, RequestMeta meta) {
        ServiceKey key = ServiceKey.of(request.namespace, request.groupName, request.serviceName);
        if (request.subscribe) {
            services.subscribe(meta.connectionId(), key, request.clusters);
            pushes.subscribed(meta.connectionId(), key);
        } else {
            services.unsubscribe(meta.connectionId(), key);
        }
        SubscribeServiceResponse response = new SubscribeServiceResponse();
        response.serviceInfo = queries.select(key, new Selection(request.clusters, false, false),
                meta.clientIp()).info();
        return response;
    }

    @Override
    public Response failure() {
        return new SubscribeServiceResponse();
    }
}
