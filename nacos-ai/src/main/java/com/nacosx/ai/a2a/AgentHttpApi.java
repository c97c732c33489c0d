package com.nacosx.ai.a2a;

import com.nacosx.ai.AiAccess;
import com.nacosx.ai.store.AiDocuments.Author;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.auth.Action;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ObjectNode;

/**
 * A2A agents over the 3.x admin API ({@code /v3/admin/ai/a2a}, which the maintainer client calls)
 * and the console API ({@code /v3/console/ai/a2a}): the card as the JSON text {@code agentCard},
 * named by {@code agentName} in {@code namespaceId}.
 */
@Component
public class AgentHttpApi implements HttpApi {

    private static final String ADMIN = "/v3/admin/ai/a2a";
    private static final String CONSOLE = "/v3/console/ai/a2a";

    private final AgentCards agents;

    public AgentHttpApi(AgentCards agents) {
        this.agents = agents;
    }

    @Override
    public void register(HttpRoutes routes) {
        for (String base : new String[] {ADMIN, CONSOLE}) {
            routes.post(base).access(AiAccess.http(Action.WRITE, "agentName")).blocking(exchange -> {
                agents.register(exchange.param("namespaceId"), card(exchange), exchange.param("registrationType"),
                        Author.of(exchange));
                exchange.respondJson(ApiResult.success("ok"));
            });
            routes.put(base).access(AiAccess.http(Action.WRITE, "agentName")).blocking(exchange -> {
                agents.update(exchange.param("namespaceId"), card(exchange), exchange.boolParam("setAsLatest", true),
                        exchange.param("registrationType"), Author.of(exchange));
                exchange.respondJson(ApiResult.success("ok"));
            });
            routes.get(base).access(AiAccess.http(Action.READ, "agentName")).blocking(exchange ->
                    exchange.respondJson(ApiResult.success(agents.detail(exchange.param("namespaceId"),
                            exchange.param("agentName"), exchange.param("version"),
                            exchange.param("registrationType")))));
            routes.delete(base).access(AiAccess.http(Action.WRITE, "agentName")).blocking(exchange -> {
                agents.delete(exchange.param("namespaceId"), exchange.param("agentName"), exchange.param("version"),
                        Author.of(exchange));
                exchange.respondJson(ApiResult.success("ok"));
            });
            routes.get(base + "/version/list").access(AiAccess.http(Action.READ, "agentName")).blocking(exchange ->
                    exchange.respondJson(ApiResult.success(agents.versions(exchange.param("namespaceId"),
                            exchange.param("agentName")))));
            routes.get(base + "/list").access(AiAccess.http(Action.READ, "agentName")).blocking(exchange ->
                    exchange.respondJson(ApiResult.success(agents.list(exchange.param("namespaceId"),
                            exchange.param("agentName"), exchange.param("search"), exchange.intParam("pageNo", 1),
                            exchange.intParam("pageSize", 100)))));
        }
    }

    /** The card, whose name must be the {@code agentName} the request is authorised for. */
    private static ObjectNode card(HttpExchange exchange) {
        ObjectNode card = AgentCards.parse(exchange.param("agentCard"));
        String agentName = exchange.param("agentName");
        if (agentName != null && !agentName.isBlank() && !agentName.equals(card.path("name").asString())) {
            throw NacosException.badRequest("agentName `" + agentName
                    + "` is not the card's name `" + card.path("name").asString() + "`");
        }
        return card;
    }

}
