package com.nacosx.config.http;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.config.ClientConfigMetricRequest;
import com.nacosx.api.remote.config.ClientConfigMetricResponse;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.service.ConfigService;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.HttpForwarder;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.util.Futures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * {@code GET /v1/cs/metrics/current?ip=}: asks each 2.x client connected from that IP what it
 * holds ({@code ClientConfigMetricRequest}), optionally for one config, and merges the answers.
 * The v3 admin API has it as {@code /v3/admin/cs/metrics/ip} (this node's clients) and
 * {@code /metrics/cluster} (every member's, a member that does not answer left out).
 */
@Component
public class ClientMetricsHttpApi implements HttpApi {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    private static final long ANSWER_WAIT_MILLIS = 1000;

    private static final String V3_IP = "/v3/admin/cs/metrics/ip";
    private static final TypeReference<ApiResult<Map<String, Object>>> PEER_ANSWER = new TypeReference<>() { };

    private final ConnectionManager connections;
    private final ConfigService service;
    private final ServerMemberManager members;
    private final HttpForwarder peers;

    public ClientMetricsHttpApi(ConnectionManager connections, ConfigService service, ServerMemberManager members,
            HttpForwarder peers) {
        this.connections = connections;
        this.service = service;
        this.members = members;
        this.peers = peers;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get("/v1/cs/metrics/current").blocking(exchange -> exchange.respondJson(
                current(exchange, exchange.param("group"), exchange.param("tenant"))));
        routes.get(V3_IP).blocking(exchange -> exchange.respondJson(ApiResult.success(
                current(exchange, exchange.param("groupName"), exchange.param("namespaceId")))));
        routes.get("/v3/admin/cs/metrics/cluster").blocking(this::cluster);
    }

    private void cluster(HttpExchange exchange) {
        Map<String, Object> merged = new TreeMap<>(current(exchange, exchange.param("groupName"),
                exchange.param("namespaceId")));
        for (Member peer : members.peers()) {
            try {
                String body = Futures.join(peers.ask(peer, "GET", V3_IP, exchange.params()));
                Map<String, Object> theirs = Json.read(body, PEER_ANSWER, "a peer's client metrics").data();
                if (theirs != null) {
                    merged.putAll(theirs);
                }
            } catch (RuntimeException failure) {
                LOG.warn("[client-metrics] {} left out: {}", peer.address(), failure.toString());
            }
        }
        exchange.respondJson(ApiResult.success(merged));
    }

    /** What the clients at {@code ip} connected to this node hold: of one config when a dataId is given. */
    private Map<String, Object> current(HttpExchange exchange, String group, String tenant) {
        String ip = exchange.requiredParam("ip");
        String dataId = exchange.param("dataId");
        if (dataId != null && !dataId.isBlank() && (group == null || group.isBlank())) {
            throw NacosException.missingParameter("group");
        }
        List<ClientConfigMetricRequest.MetricsKey> keys = dataId == null || dataId.isBlank() ? List.of()
                : metricsKeys(service.key(dataId, group, tenant));
        List<CompletableFuture<Map<String, Object>>> answers = connections.byClientIp(ip).stream()
                .map(connection -> ask(connection, keys))
                .toList();
        Map<String, Object> merged = new TreeMap<>();
        answers.forEach(answer -> merged.putAll(answer.join()));
        return merged;
    }

    private static List<ClientConfigMetricRequest.MetricsKey> metricsKeys(ConfigKey key) {
        return List.of(metricsKey("cacheData", key.groupKey()), metricsKey("snapshotData", key.groupKey()));
    }

    private static ClientConfigMetricRequest.MetricsKey metricsKey(String type, String key) {
        ClientConfigMetricRequest.MetricsKey metricsKey = new ClientConfigMetricRequest.MetricsKey();
        metricsKey.type = type;
        metricsKey.key = key;
        return metricsKey;
    }

    private static CompletableFuture<Map<String, Object>> ask(Connection connection,
            List<ClientConfigMetricRequest.MetricsKey> keys) {
        ClientConfigMetricRequest request = new ClientConfigMetricRequest();
        request.metricsKeys.addAll(keys);
        return connection.request(request, ANSWER_WAIT_MILLIS).handle((answer, error) -> {
            if (error != null || !(answer instanceof ClientConfigMetricResponse metrics)) {
                LOG.warn("[{}] no config metrics from the client: {}", connection.id(), error == null ? answer : error.toString());
                return Map.of();
            }
            return metrics.metrics;
        });
    }
}
