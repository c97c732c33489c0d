package com.nacosx.config.grpc;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigBatchListenRequest;
import com.nacosx.api.remote.config.ConfigChangeBatchListenResponse;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.push.ConfigListeners;
import com.nacosx.config.service.ConfigService;
import com.nacosx.core.auth.Access;
import com.nacosx.core.remote.GrpcAccess;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Starts or stops a 2.x client's listening on this connection. On listen it answers the configs
 * whose md5 already differs from the client's, so a change made while the client was away is
 * not missed.
 */
@Component
public class ConfigBatchListenHandler implements RequestHandler<ConfigBatchListenRequest> {

    /** The header a client uses to read the variant of its tag. */
    private static final String TAG_HEADER = "Vipserver-Tag";

    private final ConfigListeners listeners;
    private final ConfigCache cache;
    private final ConfigService service;

    public ConfigBatchListenHandler(ConfigListeners listeners, ConfigCache cache, ConfigService service) {
        this.listeners = listeners;
        this.cache = cache;
        this.service = service;
    }

    @Override
    public Class<ConfigBatchListenRequest> requestType() {
        return ConfigBatchListenRequest.class;
    }

    @Override
    public Access<ConfigBatchListenRequest> access() {
        return GrpcAccess.listen();
    }

    @Override
    public String tpsPoint() {
        return "ConfigListen";
    }

    @Override
    public Response handle(ConfigBatchListenRequest request, RequestMeta meta) {
        ConfigChangeBatchListenResponse response = new ConfigChangeBatchListenResponse();
        String tag = request.header(TAG_HEADER);
        List<ConfigKey> keys = keysOf(request);
        for (int i = 0; i < keys.size(); i++) {
            ConfigBatchListenRequest.ConfigListenContext context = request.configListenContexts.get(i);
            ConfigKey key = keys.get(i);
            if (!request.listen) {
                listeners.unlisten(meta.connectionId(), key);
                continue;
            }
            listeners.listen(meta.connectionId(), key, context.tenant);
            String md5 = context.md5 == null ? ConfigCache.ABSENT_MD5 : context.md5;
            if (!cache.md5(key, meta.clientIp(), tag).equals(md5)) {
                response.changedConfigs.add(new ConfigChangeBatchListenResponse.ConfigContext(context.dataId,
                        context.group, context.tenant));
            }
        }
        return response;
    }

    /** Every key of the request, validated before any is listened to: a bad one changes nothing. */
    private List<ConfigKey> keysOf(ConfigBatchListenRequest request) {
        if (request.configListenContexts == null) {
            throw NacosException.missingParameter("configListenContexts");
        }
        List<ConfigKey> keys = new ArrayList<>(request.configListenContexts.size());
        for (ConfigBatchListenRequest.ConfigListenContext context : request.configListenContexts) {
            if (context == null) {
                throw NacosException.badRequest("configListenContexts holds a null entry; give dataId and group "
                        + "for each config to listen to");
            }
            keys.add(service.key(context.dataId, context.group, context.tenant));
        }
        return keys;
    }

    @Override
    public Response failure() {
        return new ConfigChangeBatchListenResponse();
    }
}
