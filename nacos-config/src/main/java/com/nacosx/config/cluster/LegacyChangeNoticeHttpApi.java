package com.nacosx.config.cluster;

import com.nacosx.config.service.ConfigService;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpRoutes;
import org.springframework.stereotype.Component;

/**
 * {@code GET /v1/cs/communication/dataChange?dataId=&group=[&tenant=][&tag=]}: how an official
 * 1.x node sharing the MySQL store tells its peers it changed a config (headers
 * {@code lastModified}, {@code opHandleIp}, {@code isBeta}). This node reads the config again,
 * formal content and every variant, and tells its listeners; the answer is {@code true} once the
 * cache holds what the store holds, as 1.x answers. Only members call it (admin or server identity
 * when auth is on).
 */
@Component
public class LegacyChangeNoticeHttpApi implements HttpApi {

    static final String PATH = "/v1/cs/communication/dataChange";

    private final ConfigService configs;
    private final StoreReconciler reconciler;

    public LegacyChangeNoticeHttpApi(ConfigService configs, StoreReconciler reconciler) {
        this.configs = configs;
        this.reconciler = reconciler;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(PATH).inline(exchange -> exchange.respondJsonWhenDone(reconciler.reload(configs.key(
                exchange.requiredParam("dataId"), exchange.requiredParam("group"), exchange.param("tenant"))), true));
    }
}
