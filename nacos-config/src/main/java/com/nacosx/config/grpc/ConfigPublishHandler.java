package com.nacosx.config.grpc;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigPublishRequest;
import com.nacosx.api.remote.config.ConfigPublishResponse;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.service.PublishOptions;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.AsyncRequestHandler;
import com.nacosx.core.remote.GrpcAccess;
import com.nacosx.core.remote.RequestMeta;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/**
 * Publishes a config for a 2.x client. The details the HTTP API takes as parameters come in the
 * request's addition map under the same names. The publish is validated and queued (for the
 * database writer, or the Raft group in an embedded-storage cluster) from the connection's event
 * loop and answered when it is applied: no thread waits for it, and two publishes a connection
 * sends are applied in the order they came.
 */
@Component
public class ConfigPublishHandler implements AsyncRequestHandler<ConfigPublishRequest> {

    private final ConfigService service;

    public ConfigPublishHandler(ConfigService service) {
        this.service = service;
    }

    @Override
    public Class<ConfigPublishRequest> requestType() {
        return ConfigPublishRequest.class;
    }

    @Override
    public Access<ConfigPublishRequest> access() {
        return GrpcAccess.config(Action.WRITE);
    }

    @Override
    public String tpsPoint() {
        return "ConfigPublish";
    }

    @Override
    public CompletableFuture<Response> handleAsync(ConfigPublishRequest request, RequestMeta meta) {
        if (request.content == null) {
            throw NacosException.missingParameter("content");
        }
        ConfigWrite write = new ConfigWrite(request.content, request.addition("type"), request.addition("appName"),
                meta.clientIp(), request.addition("src_user"), request.addition("desc"), request.addition("use"),
                request.addition("effect"), request.addition("schema"), request.addition("encryptedDataKey"),
                request.addition("config_tags"));
        PublishOptions options = new PublishOptions(request.casMd5, request.addition("betaIps"),
                request.addition("tag"));
        return service.publishAsync(service.key(request.dataId, request.group, request.tenant), write, options)
                .thenApply(applied -> new ConfigPublishResponse());
    }

    @Override
    public Response failure() {
        return new ConfigPublishResponse();
    }
}
