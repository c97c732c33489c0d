package com.nacosx.config.grpc;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigRemoveRequest;
import com.nacosx.api.remote.config.ConfigRemoveResponse;
import com.nacosx.config.service.ConfigService;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.AsyncRequestHandler;
import com.nacosx.core.remote.GrpcAccess;
import com.nacosx.core.remote.RequestMeta;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/** Removes a config (or only its tag variant) for a 2.x client; removing what is absent succeeds. */
@Component
public class ConfigRemoveHandler implements AsyncRequestHandler<ConfigRemoveRequest> {

    private final ConfigService service;

    public ConfigRemoveHandler(ConfigService service) {
        this.service = service;
    }

    @Override
    public Class<ConfigRemoveRequest> requestType() {
        return ConfigRemoveRequest.class;
    }

    @Override
    public Access<ConfigRemoveRequest> access() {
        return GrpcAccess.config(Action.WRITE);
    }

    @Override
    public String tpsPoint() {
        return "ConfigRemove";
    }

    /** Queued from the event loop like a publish, so a connection's publishes and removes keep their order. */
    @Override
    public CompletableFuture<Response> handleAsync(ConfigRemoveRequest request, RequestMeta meta) {
        return service.removeAsync(service.key(request.dataId, request.group, request.tenant), request.tag,
                meta.clientIp(), null).thenApply(removed -> new ConfigRemoveResponse());
    }

    @Override
    public Response failure() {
        return new ConfigRemoveResponse();
    }
}
