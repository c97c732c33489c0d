package com.nacosx.config.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.HistoryEntry;
import com.nacosx.config.model.Page;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.store.HistoryStore;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** The change history of configs, {@code /v1/cs/history}. */
@Component
public class HistoryHttpApi implements HttpApi {

    private static final String HISTORY = "/v1/cs/history";

    private final ConfigService service;
    private final HistoryStore history;

    public HistoryHttpApi(ConfigService service, HistoryStore history) {
        this.service = service;
        this.history = history;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(HISTORY).when("search", "accurate").blocking(this::list);
        routes.get(HISTORY).blocking(this::get);
        routes.get(HISTORY + "/previous").blocking(this::previous);
    }

    private void list(HttpExchange exchange) {
        ConfigKey key = service.key(exchange.requiredParam("dataId"), exchange.requiredParam("group"),
                exchange.param("tenant"));
        int pageNo = exchange.intParam("pageNo", 1);
        int pageSize = exchange.intParam("pageSize", 100);
        Page.checkPaging(pageNo, pageSize);
        exchange.respondJson(history.list(key, pageNo, pageSize));
    }

    /** One entry by {@code nid}; when dataId and group are given they must match it, as the official server checks. */
    private void get(HttpExchange exchange) {
        long nid = exchange.requiredLongParam("nid");
        answer(exchange, history.find(nid), "history entry nid=" + nid + " does not exist");
    }

    /** The newest entry of the config row {@code id}: what it held before its latest change. */
    private void previous(HttpExchange exchange) {
        long id = exchange.requiredLongParam("id");
        answer(exchange, history.latestOf(id), "config id=" + id + " has no history");
    }

    /** Answers the entry, 404 when absent; when dataId and group are given the entry must belong to them. */
    private void answer(HttpExchange exchange, Optional<HistoryEntry> found, String absent) {
        HistoryEntry entry = found.orElseThrow(() -> new NacosException(NacosException.NOT_FOUND,
                ErrorCode.RESOURCE_NOT_FOUND, absent));
        if (exchange.param("dataId") != null && exchange.param("group") != null) {
            ConfigKey asked = service.key(exchange.param("dataId"), exchange.param("group"), exchange.param("tenant"));
            if (!asked.equals(entry.key())) {
                throw NacosException.badRequest("the history entry belongs to " + entry.key() + ", not to " + asked);
            }
        }
        exchange.respondJson(entry);
    }
}
