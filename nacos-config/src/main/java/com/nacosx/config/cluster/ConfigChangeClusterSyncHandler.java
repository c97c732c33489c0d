package com.nacosx.config.cluster;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigChangeClusterSyncRequest;
import com.nacosx.api.remote.config.ConfigChangeClusterSyncResponse;
import com.nacosx.config.service.ConfigService;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.core.util.Futures;
import org.springframework.stereotype.Component;

/** A peer changed a config in the shared store: read it again (blocking: the database). */
@Component
public class ConfigChangeClusterSyncHandler implements RequestHandler<ConfigChangeClusterSyncRequest> {

    private final ConfigService configs;
    private final StoreReconciler reconciler;

    public ConfigChangeClusterSyncHandler(ConfigService configs, StoreReconciler reconciler) {
        this.configs = configs;
        this.reconciler = reconciler;
    }

    @Override
    public Class<ConfigChangeClusterSyncRequest> requestType() {
        return ConfigChangeClusterSyncRequest.class;
    }

    @Override
    public boolean peersOnly() {
        return true;
    }

    @Override
    public Response handle(ConfigChangeClusterSyncRequest request, RequestMeta meta) {
        Futures.join(reconciler.reload(configs.key(request.dataId, request.group, request.tenant)));
        return new ConfigChangeClusterSyncResponse();
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public Response failure() {
        return new ConfigChangeClusterSyncResponse();
    }
}
