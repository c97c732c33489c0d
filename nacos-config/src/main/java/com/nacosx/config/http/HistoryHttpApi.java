package com.nacosx.config.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.HistoryEntry;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.service.HistoryService;
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
 * The change history of configs: the 1.x API under {@code /v1/cs/history} (namespace in
 * {@code tenant}) and the v2 Open API under {@code /v2/cs/history} (namespace in
 * {@code namespaceId}, answers in the v2 envelope; an entry that does not exist is null data there,
 * 404 on the 1.x paths). An entry asked for with a config it does not belong to is refused with
 * 403, as the official does.
 */
@Component
public class HistoryHttpApi implements HttpApi {

    private static final String V1 = "/v1/cs/history";
    private static final String V2 = "/v2/cs/history";
    private static final int MAX_V2_PAGE = 500;

    private final ConfigService configs;
    private final HistoryService history;

    public HistoryHttpApi(ConfigService configs, HistoryService history) {
        this.configs = configs;
        this.history = history;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(V1).access(HttpAccess.config(Action.READ)).when("search", "accurate").blocking(exchange -> exchange.respondJson(history.list(
                key(exchange, "tenant"), exchange.intParam("pageNo", 1), exchange.intParam("pageSize", 100))));
        routes.get(V1).access(HttpAccess.config(Action.READ)).blocking(exchange -> {
            long nid = exchange.requiredLongParam("nid");
            exchange.respondJson(checked(exchange, "tenant", history.find(nid), () -> entryMissing(nid)));
        });
        routes.get(V1 + "/previous").access(HttpAccess.config(Action.READ)).blocking(exchange -> {
            long id = exchange.requiredLongParam("id");
            exchange.respondJson(checked(exchange, "tenant", history.previous(id), () -> previousMissing(id)));
        });
        routes.get(V1 + "/configs").access(HttpAccess.config(Action.READ)).blocking(exchange -> exchange.respondJson(
                history.configsOf(ConfigService.normalizeTenant(exchange.requiredParam("tenant")))));

        routes.get(V2 + "/list").access(HttpAccess.config(Action.READ)).blocking(exchange -> exchange.respondJson(ApiResult.success(history.list(
                key(exchange, "namespaceId"), exchange.intParam("pageNo", 1),
                Math.min(MAX_V2_PAGE, exchange.intParam("pageSize", 100))))));
        // An entry that does not exist answers success with null data, as the official's v2 does.
        routes.get(V2).access(HttpAccess.config(Action.READ)).blocking(exchange -> {
            ConfigKey key = key(exchange, "namespaceId");
            exchange.respondJson(ApiResult.success(history.find(exchange.requiredLongParam("nid"))
                    .map(entry -> HistoryService.belongingTo(entry, key)).orElse(null)));
        });
        routes.get(V2 + "/detail").access(HttpAccess.config(Action.READ)).blocking(exchange -> {
            ConfigKey key = key(exchange, "namespaceId");
            exchange.respondJson(ApiResult.success(history.find(exchange.requiredLongParam("nid"))
                    .map(entry -> history.detail(HistoryService.belongingTo(entry, key))).orElse(null)));
        });
        routes.get(V2 + "/previous").access(HttpAccess.config(Action.READ)).blocking(exchange -> {
            ConfigKey key = key(exchange, "namespaceId");
            exchange.respondJson(ApiResult.success(history.previous(exchange.requiredLongParam("id"))
                    .map(entry -> HistoryService.belongingTo(entry, key)).orElse(null)));
        });
        routes.get(V2 + "/configs").access(HttpAccess.config(Action.READ)).blocking(exchange -> exchange.respondJson(ApiResult.success(
                history.configsOf(configs.namespace(exchange.requiredParam("namespaceId"))))));
    }

    private ConfigKey key(HttpExchange exchange, String namespaceParam) {
        return configs.key(exchange.requiredParam("dataId"), exchange.requiredParam("group"),
                exchange.param(namespaceParam));
    }

    /** The 1.x API checks the entry's config only when dataId and group are given. */
    private HistoryEntry checked(HttpExchange exchange, String namespaceParam, Optional<HistoryEntry> found,
            Supplier<NacosException> missing) {
        HistoryEntry entry = found.orElseThrow(missing);
        if (exchange.param("dataId") != null && exchange.param("group") != null) {
            HistoryService.belongingTo(entry, key(exchange, namespaceParam));
        }
        return entry;
    }

    private static NacosException entryMissing(long nid) {
        return new NacosException(NacosException.NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND,
                "certain config history for nid = " + nid + " not exist");
    }

    private static NacosException previousMissing(long id) {
        return new NacosException(NacosException.NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND,
                "previous config history for id = " + id + " not exist");
    }
}
