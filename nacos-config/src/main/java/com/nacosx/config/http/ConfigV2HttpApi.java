package com.nacosx.config.http;

import com.nacosx.api.common.Page;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.StoredConfig;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.store.ConfigInfoStore.SearchCriteria;
import com.nacosx.core.auth.Action;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import org.springframework.stereotype.Component;

/**
 * The v2 config Open API, {@code /v2/cs/config}: read, publish and delete answering in the v2
 * envelope, and {@code /searchDetail}, which answers a bare page as the official's does. The
 * namespace is {@code namespaceId} here ({@code tenant} for the search, as in the official).
 */
@Component
public class ConfigV2HttpApi implements HttpApi {

    private static final String CONFIG = "/v2/cs/config";

    private final ConfigService service;

    public ConfigV2HttpApi(ConfigService service) {
        this.service = service;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(CONFIG).access(HttpAccess.config(Action.READ)).tps("ConfigQuery").inline(this::read);
        // Writes are answered when applied, from the event loop, as on the 1.x door.
        routes.post(CONFIG).access(HttpAccess.config(Action.WRITE)).tps("ConfigPublish").inline(this::publish);
        routes.delete(CONFIG).access(HttpAccess.config(Action.WRITE)).tps("ConfigRemove").inline(this::remove);
        routes.get(CONFIG + "/searchDetail").access(HttpAccess.config(Action.READ)).blocking(this::search);
    }

    private ConfigKey key(HttpExchange exchange) {
        return service.key(exchange.requiredParam("dataId"), exchange.requiredParam("group"),
                exchange.param("namespaceId"));
    }

    private void read(HttpExchange exchange) {
        ConfigService.Served served = service.read(key(exchange), exchange.clientIp(), exchange.param("tag"));
        if (served == null) {
            exchange.respondJson(NacosException.NOT_FOUND,
                    ApiResult.failure(ErrorCode.RESOURCE_NOT_FOUND, "config data not exist"));
            return;
        }
        exchange.respondJson(ApiResult.success(served.entry().content()));
    }

    private void publish(HttpExchange exchange) {
        String dataId = notBlank(exchange, "dataId");
        String group = notBlank(exchange, "group");
        String content = notBlank(exchange, "content");
        PublishParams.publish(exchange, service, service.key(dataId, group, exchange.param("namespaceId")), content,
                "srcUser", "configTags", ApiResult.success(true));
    }

    /** The official's form check: the three fields must be present and not blank. */
    private static String notBlank(HttpExchange exchange, String name) {
        String value = exchange.param(name);
        if (value == null || value.isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter '" + name + "' type String is not present");
        }
        return value;
    }

    private void remove(HttpExchange exchange) {
        exchange.respondJsonWhenDone(service.removeAsync(key(exchange), exchange.param("tag"), exchange.clientIp(),
                exchange.param("srcUser")), ApiResult.success(true));
    }

    private void search(HttpExchange exchange) {
        SearchCriteria criteria = new SearchCriteria(ConfigService.normalizeTenant(exchange.param("tenant")),
                exchange.requiredParam("dataId"), exchange.requiredParam("group"), exchange.param("appName"),
                exchange.param("config_tags"), exchange.requiredParam("config_detail"),
                !"accurate".equals(exchange.param("search")));
        Page<StoredConfig> page = service.search(criteria, exchange.requiredIntParam("pageNo"),
                exchange.requiredIntParam("pageSize"));
        exchange.respondJson(ConfigView.pageOf(page));
    }
}
