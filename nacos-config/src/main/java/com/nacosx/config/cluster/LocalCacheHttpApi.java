package com.nacosx.config.cluster;

import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * {@code POST /v1/cs/ops/localCache} and {@code /v3/admin/cs/ops/localCache}: an operator makes
 * this node's cache what the store holds now, for a node suspected of having missed a change
 * (admins only, as every route that does not say otherwise).
 */
@Component
public class LocalCacheHttpApi implements HttpApi {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    private static final String DONE = "Local cache updated from store successfully!";

    private final StoreReconciler reconciler;

    public LocalCacheHttpApi(StoreReconciler reconciler) {
        this.reconciler = reconciler;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.post("/v1/cs/ops/localCache").blocking(exchange -> {
            reload(exchange);
            exchange.respondText(200, DONE);
        });
        routes.post("/v3/admin/cs/ops/localCache").blocking(exchange -> {
            reload(exchange);
            exchange.respondJson(ApiResult.success(DONE));
        });
    }

    private void reload(HttpExchange exchange) {
        int reloaded = reconciler.reloadDiffering();
        LOG.info("[ops] local cache reloaded from the store by {}: {} configs differed", exchange.clientIp(), reloaded);
    }
}
