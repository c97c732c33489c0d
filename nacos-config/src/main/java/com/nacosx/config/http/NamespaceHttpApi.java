package com.nacosx.config.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.config.service.NamespaceService;
import com.nacosx.core.auth.Access;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.RestResult;
import org.springframework.stereotype.Component;

/**
 * Namespaces: {@code /v1/console/namespaces} as the official console calls it, and the v2 Open
 * API {@code /v2/console/namespace} ({@code /list}, get, create, update, delete) answering in the
 * v2 envelope. Updating or deleting a namespace that does not exist is refused with 404
 * (NAMESPACE_NOT_EXIST) on both, where the official answers true and does nothing.
 */
@Component
public class NamespaceHttpApi implements HttpApi {

    private static final String NAMESPACES = "/v1/console/namespaces";
    private static final String V2 = "/v2/console/namespace";
    private static final String V3 = "/v3/admin/core/namespace";

    private final NamespaceService namespaces;

    public NamespaceHttpApi(NamespaceService namespaces) {
        this.namespaces = namespaces;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(NAMESPACES).access(Access.signedIn()).blocking(exchange -> exchange.respondJson(RestResult.ok(namespaces.list())));
        routes.get(NAMESPACES).when("show", "all").blocking(
                exchange -> exchange.respondJson(namespaces.get(exchange.requiredParam("namespaceId"))));
        routes.get(NAMESPACES).when("checkNamespaceIdExist", "true").blocking(
                exchange -> exchange.respondJson(namespaces.exists(exchange.requiredParam("customNamespaceId"))));
        routes.post(NAMESPACES).blocking(this::create);
        routes.put(NAMESPACES).blocking(this::update);
        routes.delete(NAMESPACES).blocking(this::delete);

        // The v2 Open API and the v3 admin API answer alike; v3 can also check an id before creating it.
        for (String base : new String[] {V2, V3}) {
            routes.get(base + "/list").access(Access.signedIn())
                    .blocking(exchange -> exchange.respondJson(ApiResult.success(namespaces.list())));
            routes.get(base).blocking(exchange -> exchange.respondJson(ApiResult.success(
                    namespaces.get(exchange.requiredParam("namespaceId")))));
            routes.post(base).blocking(this::createV2);
            routes.put(base).blocking(exchange -> {
                namespaces.update(exchange.requiredParam("namespaceId"), exchange.requiredParam("namespaceName"),
                        exchange.param("namespaceDesc"));
                exchange.respondJson(ApiResult.success(true));
            });
            routes.delete(base).blocking(exchange -> {
                namespaces.delete(exchange.requiredParam("namespaceId"));
                exchange.respondJson(ApiResult.success(true));
            });
        }
        routes.get(V3 + "/check").blocking(exchange -> exchange.respondJson(ApiResult.success(
                namespaces.exists(exchange.requiredParam("namespaceId")) ? 1 : 0)));
    }

    /** As the official's v2: the id parameter must be there (blank: a generated one); a taken id is a 400. */
    private void createV2(HttpExchange exchange) {
        String id = exchange.requiredParam("namespaceId");
        String name = exchange.requiredParam("namespaceName");
        if (namespaces.exists(id)) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.ILLEGAL_NAMESPACE,
                    "the namespaceId is existed, namespaceId: " + Shown.bounded(id));
        }
        namespaces.create(id, name, exchange.param("namespaceDesc"));
        exchange.respondJson(ApiResult.success(true));
    }

    private void create(HttpExchange exchange) {
        namespaces.create(exchange.param("customNamespaceId"), exchange.requiredParam("namespaceName"),
                exchange.param("namespaceDesc"));
        exchange.respondJson(Boolean.TRUE);
    }

    private void update(HttpExchange exchange) {
        namespaces.update(exchange.requiredParam("namespace"), exchange.requiredParam("namespaceShowName"),
                exchange.param("namespaceDesc"));
        exchange.respondJson(Boolean.TRUE);
    }

    private void delete(HttpExchange exchange) {
        namespaces.delete(exchange.requiredParam("namespaceId"));
        exchange.respondJson(Boolean.TRUE);
    }
}
