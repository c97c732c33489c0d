package com.nacosx.config.http;

import com.nacosx.api.common.Page;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.HistoryEntry;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.service.HistoryService;
import com.nacosx.config.store.ConfigInfoStore.SearchCriteria;
import com.nacosx.core.auth.Action;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Configs in the v3 admin API ({@code /v3/admin/cs/config}, {@code /v3/admin/cs/history}), which
 * the 3.x maintainer client and console call, and the v3 client API's read
 * ({@code /v3/client/cs/config}). Parameters are {@code dataId}, {@code groupName} and
 * {@code namespaceId} ("" or "public" for the public namespace); answers are in the
 * {@code {code, message, data}} envelope with the 3.x models' field names ({@link ConfigViewV3}).
 */
@Component
public class ConfigV3HttpApi implements HttpApi {

    private static final String CONFIG = "/v3/admin/cs/config";
    private static final String HISTORY = "/v3/admin/cs/history";
    private static final String CLIENT_CONFIG = "/v3/client/cs/config";

    private final ConfigService service;
    private final HistoryService history;

    public ConfigV3HttpApi(ConfigService service, HistoryService history) {
        this.service = service;
        this.history = history;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(CONFIG).access(HttpAccess.config(Action.READ)).blocking(this::detail);
        routes.post(CONFIG).access(HttpAccess.config(Action.WRITE)).tps("ConfigPublish").inline(this::publish);
        routes.delete(CONFIG).access(HttpAccess.config(Action.WRITE)).tps("ConfigRemove").inline(this::remove);
        routes.delete(CONFIG + "/batch").access(HttpAccess.config(Action.WRITE)).blocking(exchange -> {
            exchange.requiredParam("ids");
            service.removeByIds(exchange.longListParam("ids"), exchange.clientIp(), exchange.param("srcUser"));
            exchange.respondJson(ApiResult.success(true));
        });
        routes.get(CONFIG + "/list").access(HttpAccess.config(Action.READ)).blocking(this::search);
        routes.get(CONFIG + "/beta").access(HttpAccess.config(Action.READ)).blocking(exchange -> exchange.respondJson(
                ApiResult.success(service.beta(key(exchange)).map(ConfigViewV3::grayOf).orElse(null))));
        routes.delete(CONFIG + "/beta").access(HttpAccess.config(Action.WRITE)).blocking(exchange -> {
            service.removeBeta(key(exchange), exchange.clientIp(), exchange.param("srcUser"));
            exchange.respondJson(ApiResult.success(true));
        });

        routes.get(HISTORY + "/list").access(HttpAccess.config(Action.READ)).blocking(exchange -> exchange.respondJson(
                ApiResult.success(ConfigViewV3.historyPageOf(history.list(key(exchange), exchange.intParam("pageNo", 1),
                        Math.min(Page.MAX_PAGE_SIZE, exchange.intParam("pageSize", 100)))))));
        routes.get(HISTORY).access(HttpAccess.config(Action.READ)).blocking(exchange -> historyEntry(exchange,
                () -> history.find(exchange.requiredLongParam("nid")),
                "history entry " + exchange.param("nid") + " does not exist"));
        routes.get(HISTORY + "/previous").access(HttpAccess.config(Action.READ)).blocking(exchange -> historyEntry(
                exchange, () -> history.previous(exchange.requiredLongParam("id")),
                "no history entry before " + exchange.param("id")));
        routes.get(HISTORY + "/configs").access(HttpAccess.config(Action.READ)).blocking(exchange -> exchange.respondJson(
                ApiResult.success(history.configsOf(service.namespace(exchange.requiredParam("namespaceId"))))));

        routes.get(CLIENT_CONFIG).access(HttpAccess.config(Action.READ)).tps("ConfigQuery").inline(this::read);
    }

    private ConfigKey key(HttpExchange exchange) {
        return service.key(exchange.requiredParam("dataId"), exchange.requiredParam("groupName"),
                exchange.param("namespaceId"));
    }

    /** A history entry of the config asked about, or 404 {@code missing}. */
    private void historyEntry(HttpExchange exchange, Supplier<Optional<HistoryEntry>> lookup, String missing) {
        ConfigKey key = key(exchange);
        exchange.respondJson(ApiResult.success(lookup.get()
                .map(found -> ConfigViewV3.historyDetailOf(HistoryService.belongingTo(found, key)))
                .orElseThrow(() -> notFound(missing))));
    }

    private static NacosException notFound(String what) {
        return new NacosException(NacosException.NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND, what);
    }

    private void detail(HttpExchange exchange) {
        ConfigKey key = key(exchange);
        exchange.respondJson(ApiResult.success(service.detail(key).map(ConfigViewV3::detailOf)
                .orElseThrow(() -> notFound("config " + key + " does not exist"))));
    }

    private void read(HttpExchange exchange) {
        ConfigKey key = key(exchange);
        ConfigService.Served served = service.read(key, exchange.clientIp(), exchange.param("tag"));
        if (served == null) {
            throw notFound("config " + key + " does not exist");
        }
        exchange.respondJson(ApiResult.success(served.entry().content()));
    }

    private void publish(HttpExchange exchange) {
        PublishParams.publish(exchange, service, key(exchange), exchange.requiredParam("content"), "srcUser",
                "configTags", ApiResult.success(true));
    }

    private void remove(HttpExchange exchange) {
        exchange.respondJsonWhenDone(service.removeAsync(key(exchange), exchange.param("tag"), exchange.clientIp(),
                exchange.param("srcUser")), ApiResult.success(true));
    }

    /** {@code search} is {@code blur} (patterns with *) or {@code accurate}, as in the 1.x API. */
    private void search(HttpExchange exchange) {
        SearchCriteria criteria = new SearchCriteria(ConfigService.normalizeTenant(exchange.param("namespaceId")),
                exchange.param("dataId"), exchange.param("groupName"), exchange.param("appName"),
                exchange.param("configTags"), exchange.param("configDetail"), "blur".equals(exchange.param("search")));
        exchange.respondJson(ApiResult.success(ConfigViewV3.pageOf(service.search(criteria,
                exchange.intParam("pageNo", 1), Math.min(Page.MAX_PAGE_SIZE, exchange.intParam("pageSize", 10))))));
    }
}
