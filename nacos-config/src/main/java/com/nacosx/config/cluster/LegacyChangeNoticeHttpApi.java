package com.nacosx.config.cluster;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.GrayConfig;
import com.nacosx.config.service.ConfigService;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpRoutes;
import org.springframework.stereotype.Component;

/**
 * {@code GET /v1/cs/communication/dataChange?dataId=&group=[&tenant=][&tag=]}: how an official
 * 1.x node sharing the MySQL store tells its peers it changed a config (headers
 * {@code lastModified}, {@code opHandleIp}, {@code isBeta}). This node reads the config again,
 * formal content and every variant, and tells its listeners; a beta or tag variant the 1.x node
 * changed in config_info_beta or config_info_tag is first taken into config_info_gray; the answer is {@code true} once the
 * cache holds what the store holds, as 1.x answers. Only members call it (admin or server identity
 * when auth is on).
 */
@Component
public class LegacyChangeNoticeHttpApi implements HttpApi {

    static final String PATH = "/v1/cs/communication/dataChange";
    /** Set by a 1.x node when its beta variant changed (config_info_beta). */
    static final String BETA_HEADER = "isBeta";

    private final ConfigService configs;
    private final StoreReconciler reconciler;

    public LegacyChangeNoticeHttpApi(ConfigService configs, StoreReconciler reconciler) {
        this.configs = configs;
        this.reconciler = reconciler;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(PATH).inline(exchange -> {
            ConfigKey key = configs.key(exchange.requiredParam("dataId"), exchange.requiredParam("group"),
                    exchange.param("tenant"));
            String tag = exchange.param("tag");
            String variant = "true".equals(exchange.header(BETA_HEADER)) ? GrayConfig.BETA
                    : tag == null || tag.isBlank() ? null : GrayConfig.tagGrayName(tag);
            exchange.respondJsonWhenDone(variant == null ? reconciler.reload(key)
                    : reconciler.reloadLegacyVariant(key, variant), true);
        });
    }
}
