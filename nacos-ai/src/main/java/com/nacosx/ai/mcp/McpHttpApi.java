package com.nacosx.ai.mcp;

import com.nacosx.ai.AiAccess;
import com.nacosx.ai.store.AiDocuments.Author;
import com.nacosx.core.auth.Action;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import org.springframework.stereotype.Component;

/**
 * MCP servers over the 3.x admin API ({@code /v3/admin/ai/mcp}, which the maintainer client calls)
 * and the console API ({@code /v3/console/ai/mcp}, with the import), both in the
 * {@code {code, message, data}} envelope and with the official parameters: {@code namespaceId},
 * {@code mcpId} or {@code mcpName}, {@code version}, and the specifications as JSON texts.
 */
@Component
public class McpHttpApi implements HttpApi {

    private static final String ADMIN = "/v3/admin/ai/mcp";
    private static final String CONSOLE = "/v3/console/ai/mcp";

    private final McpServers servers;
    private final McpImport imports;

    public McpHttpApi(McpServers servers, McpImport imports) {
        this.servers = servers;
        this.imports = imports;
    }

    @Override
    public void register(HttpRoutes routes) {
        for (String base : new String[] {ADMIN, CONSOLE}) {
            routes.get(base + "/list").access(AiAccess.http(Action.READ, "mcpName")).blocking(exchange ->
                    exchange.respondJson(ApiResult.success(servers.list(exchange.param("namespaceId"),
                            exchange.param("mcpName"), exchange.param("search"), exchange.intParam("pageNo", 1),
                            exchange.intParam("pageSize", 100)))));
            routes.get(base).access(AiAccess.http(Action.READ, "mcpName")).blocking(exchange ->
                    exchange.respondJson(ApiResult.success(servers.detail(exchange.param("namespaceId"),
                            exchange.param("mcpId"), exchange.param("mcpName"), exchange.param("version")))));
            routes.post(base).access(AiAccess.http(Action.WRITE, "mcpName")).blocking(exchange ->
                    exchange.respondJson(ApiResult.success(servers.create(exchange.param("namespaceId"),
                            release(exchange), Author.of(exchange)))));
            routes.put(base).access(AiAccess.http(Action.WRITE, "mcpName")).blocking(exchange -> {
                servers.update(exchange.param("namespaceId"), exchange.boolParam("latest", true),
                        exchange.boolParam("overrideExisting", false), release(exchange), Author.of(exchange));
                exchange.respondJson(ApiResult.success("ok"));
            });
            routes.delete(base).access(AiAccess.http(Action.WRITE, "mcpName")).blocking(exchange -> {
                servers.delete(exchange.param("namespaceId"), exchange.param("mcpId"), exchange.param("mcpName"),
                        exchange.param("version"), Author.of(exchange));
                exchange.respondJson(ApiResult.success("ok"));
            });
            routes.post(base + "/import/validate").access(AiAccess.http(Action.WRITE, "mcpName")).blocking(
                    exchange -> exchange.respondJson(ApiResult.success(imports.validate(
                            exchange.param("namespaceId"), McpImport.Request.of(exchange)))));
            routes.post(base + "/import/execute").access(AiAccess.http(Action.WRITE, "mcpName")).blocking(
                    exchange -> exchange.respondJson(ApiResult.success(imports.execute(
                            exchange.param("namespaceId"), McpImport.Request.of(exchange), Author.of(exchange)))));
        }
    }

    private static McpRelease release(HttpExchange exchange) {
        return McpSpecs.fromForm(exchange.param("mcpName"), exchange.param("serverSpecification"),
                exchange.param("toolSpecification"), exchange.param("endpointSpecification"));
    }

}
