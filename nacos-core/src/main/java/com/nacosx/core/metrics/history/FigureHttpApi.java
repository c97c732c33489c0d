package com.nacosx.core.metrics.history;

import com.nacosx.core.auth.Access;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.HttpForwarder;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import com.nacosx.core.util.Futures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;

/**
 * The console's plots: {@code GET /v3/console/core/figures} is this node's last 15 minutes
 * ({@code since} keeps only newer points, for live updates), {@code /figures/cluster} every
 * member's side by side, a member that does not answer named with why.
 */
@Component
public class FigureHttpApi implements HttpApi {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.core");
    private static final String FIGURES = "/v3/console/core/figures";
    private static final TypeReference<ApiResult<Map<String, Object>>> PEER_ANSWER = new TypeReference<>() { };

    private final FigureHistory history;
    private final ServerMemberManager members;
    private final HttpForwarder peers;

    public FigureHttpApi(FigureHistory history, ServerMemberManager members, HttpForwarder peers) {
        this.history = history;
        this.members = members;
        this.peers = peers;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(FIGURES).access(Access.signedIn()).inline(exchange -> exchange.respondJson(ApiResult.success(
                own(exchange))));
        routes.get(FIGURES + "/cluster").access(Access.signedIn()).blocking(this::cluster);
    }

    private Map<String, Object> own(HttpExchange exchange) {
        long since = exchange.longParam("since", 0);
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("address", members.self().address());
        figures.put("periodMillis", FigureHistory.PERIOD_MILLIS);
        figures.put("points", history.since(since));
        return figures;
    }

    private void cluster(HttpExchange exchange) {
        List<Map<String, Object>> nodes = new ArrayList<>();
        nodes.add(own(exchange));
        for (Member peer : members.peers()) {
            try {
                String body = Futures.join(peers.ask(peer, "GET", FIGURES, exchange.params()));
                nodes.add(Json.read(body, PEER_ANSWER, "a peer's figures").data());
            } catch (RuntimeException failure) {
                LOG.warn("[figures] {} left out: {}", peer.address(), failure.toString());
                Map<String, Object> missing = new LinkedHashMap<>();
                missing.put("address", peer.address());
                missing.put("error", "did not answer: " + failure.getMessage());
                nodes.add(missing);
            }
        }
        exchange.respondJson(ApiResult.success(nodes));
    }
}
