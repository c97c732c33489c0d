package com.nacosx.config.grpc;

import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigQueryRequest;
import com.nacosx.api.remote.config.ConfigQueryResponse;
import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.service.ConfigService;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.GrpcAccess;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.stereotype.Component;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Reads a config from the cache for a 2.x client: the beta for its IP, the tag it asks for, or the formal content. */
@Component
public class ConfigQueryHandler implements RequestHandler<ConfigQueryRequest> {

    private final ConfigService service;

    public ConfigQueryHandler(ConfigService service) {
        this.service = service;
    }

    @Override
    public Class<ConfigQueryRequest> requestType() {
        return ConfigQueryRequest.class;
    }

    @Override
    public Access<ConfigQueryRequest> access() {
        return GrpcAccess.config(Action.READ);
    }

    @Override
    public String tpsPoint() {
        return "ConfigQuery";
    }

    @Override
    public Response handle(ConfigQueryRequest request, RequestMeta meta) {
        String tag = request.tag == null || request.tag.isBlank() ? null : request.tag.trim();
        ConfigService.Served served = service.read(service.key(request.dataId, request.group, request.tenant),
                meta.clientIp(), tag);
        ConfigQueryResponse response = new ConfigQueryResponse();
        if (served == null) {
            return response.fail(ErrorCodes.CONFIG_NOT_FOUND, "config data not exist");
        }
        ConfigEntry entry = served.entry();
        response.content = entry.content();
        response.md5 = entry.md5();
        response.contentType = entry.type();
        response.lastModified = entry.lastModified();
        response.encryptedDataKey = entry.encryptedDataKey();
        response.beta = served.beta();
        response.tag = served.tag() == null ? null : URLEncoder.encode(served.tag(), StandardCharsets.UTF_8);
        return response;
    }

    @Override
    public Response failure() {
        return new ConfigQueryResponse();
    }
}
