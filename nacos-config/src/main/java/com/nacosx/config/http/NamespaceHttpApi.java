package com.nacosx.config.http;

import com.nacosx.config.service.NamespaceService;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.RestResult;
import org.springframework.stereotype.Component;

/** Namespaces, {@code /v1/console/namespaces}. */
@Component
public class NamespaceHttpApi implements HttpApi {

    private static final String NAMESPACES = "/v1/console/namespaces";

    private final NamespaceService namespaces;

    public NamespaceHttpApi(NamespaceService namespaces) {
        this.namespaces = namespaces;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(NAMESPACES).blocking(exchange -> exchange.respondJson(RestResult.ok(namespaces.list())));
        routes.get(NAMESPACES).when("show", "all").blocking(
                exchange -> exchange.respondJson(namespaces.get(exchange.requiredParam("namespaceId"))));
        routes.get(NAMESPACES).when("checkNamespaceIdExist", "true").blocking(
                exchange -> exchange.respondJson(namespaces.exists(exchange.requiredParam("customNamespaceId"))));
        routes.post(NAMESPACES).blocking(this::create);
        routes.put(NAMESPACES).blocking(this::update);
        routes.delete(NAMESPACES).blocking(this::delete);
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
