package com.nacosx.config.http;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.push.ListenerQueries;
import com.nacosx.config.service.ConfigService;
import com.nacosx.core.auth.Action;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.HttpForwarder;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Who listens, over the whole cluster, as the official console asks: {@code GET /v1/cs/listener}
 * ({@code ip}: what that client listens to; only the public namespace's configs unless
 * {@code all=true}, plus those of {@code tenant}) and {@code GET /v1/cs/configs/listener} (a
 * config's listeners by IP). Each answers {@code {"collectStatus":200,"lisentersGroupkeyStatus":{..}}}
 * (the official's spelling) from every member that answers; members ask each other through
 * {@code /v1/cs/communication/watcherConfigs} and {@code /configWatchers}, which answer for one node.
 */
@Component
public class ListenerHttpApi implements HttpApi {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    private static final String BY_IP = "/v1/cs/communication/watcherConfigs";
    private static final String BY_CONFIG = "/v1/cs/communication/configWatchers";
    private static final TypeReference<Map<String, Object>> SAMPLE = new TypeReference<>() { };

    private final ListenerQueries queries;
    private final ConfigService configs;
    private final ServerMemberManager members;
    private final HttpForwarder peers;

    public ListenerHttpApi(ListenerQueries queries, ConfigService configs, ServerMemberManager members,
            HttpForwarder peers) {
        this.queries = queries;
        this.configs = configs;
        this.members = members;
        this.peers = peers;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(BY_IP).inline(exchange -> exchange.respondJson(sample(queries.listenedBy(exchange.requiredParam("ip")))));
        routes.get(BY_CONFIG).inline(exchange -> exchange.respondJson(sample(queries.listenersOf(key(exchange)))));
        routes.get("/v1/cs/listener").access(HttpAccess.config(Action.READ)).inline(this::byIp);
        routes.get("/v1/cs/configs/listener").access(HttpAccess.config(Action.READ)).inline(exchange -> {
            ConfigKey key = key(exchange);
            collect(exchange, BY_CONFIG, queries.listenersOf(key)).thenAccept(all -> exchange.respondJson(status(all)));
        });
        // The v3 admin API: the 3.x ConfigListenerInfo in the envelope.
        routes.get("/v3/admin/cs/config/listener").access(HttpAccess.config(Action.READ)).inline(exchange ->
                collect(exchange, BY_CONFIG, queries.listenersOf(key(exchange))).thenAccept(all ->
                        exchange.respondJson(ApiResult.success(listenerInfo("config", all)))));
        routes.get("/v3/admin/cs/listener").access(HttpAccess.config(Action.READ)).inline(exchange ->
                listenedByIp(exchange).thenAccept(shown ->
                        exchange.respondJson(ApiResult.success(listenerInfo("ip", shown)))));
    }

    /** The config asked about, named as the 1.x API ({@code group}, {@code tenant}) or v3 ({@code groupName}, {@code namespaceId}). */
    private ConfigKey key(HttpExchange exchange) {
        String group = exchange.firstParam("group", "groupName");
        return configs.key(exchange.requiredParam("dataId"), group == null || group.isBlank() ? "DEFAULT_GROUP" : group,
                exchange.firstParam("tenant", "namespaceId"));
    }

    private void byIp(HttpExchange exchange) {
        listenedByIp(exchange).thenAccept(shown -> exchange.respondJson(status(shown)));
    }

    /** What {@code ip} listens to over the cluster: the public namespace's configs, those of {@code tenant}, or all. */
    private CompletableFuture<Map<String, String>> listenedByIp(HttpExchange exchange) {
        String ip = exchange.requiredParam("ip");
        boolean all = Boolean.parseBoolean(exchange.param("all"));
        String tenant = exchange.firstParam("tenant", "namespaceId");
        return collect(exchange, BY_IP, queries.listenedBy(ip)).thenApply(listened -> {
            Map<String, String> shown = new HashMap<>();
            listened.forEach((groupKey, md5) -> {
                boolean ofTenant = tenant != null && !tenant.isBlank() && groupKey.contains(tenant);
                if (ofTenant || all || groupKey.split("\\+").length < 3) {
                    shown.put(groupKey, md5);
                }
            });
            return shown;
        });
    }

    private static Map<String, Object> listenerInfo(String queryType, Map<String, String> listened) {
        Map<String, Object> info = new HashMap<>();
        info.put("queryType", queryType);
        info.put("listenersStatus", listened);
        return info;
    }

    /** This node's answer merged with each peer's (a peer that fails is left out and logged). */
    private CompletableFuture<Map<String, String>> collect(HttpExchange exchange, String path, Map<String, String> own) {
        Map<String, String> merged = new HashMap<>(own);
        List<CompletableFuture<Void>> asked = new ArrayList<>();
        for (Member peer : members.peers()) {
            asked.add(peers.ask(peer, "GET", path, exchange.params()).thenAccept(body -> {
                Object listed = Json.read(body, SAMPLE, "a peer's listeners").get("lisentersGroupkeyStatus");
                if (listed instanceof Map<?, ?> map) {
                    synchronized (merged) {
                        map.forEach((k, v) -> merged.put(String.valueOf(k), String.valueOf(v)));
                    }
                }
            }).exceptionally(failure -> {
                LOG.warn("[listeners] {} left out: {}", peer.address(), failure.toString());
                return null;
            }));
        }
        return CompletableFuture.allOf(asked.toArray(CompletableFuture[]::new)).thenApply(done -> merged);
    }

    private static Map<String, Object> sample(Map<String, String> listened) {
        return Map.of("lisentersGroupkeyStatus", listened);
    }

    private static Map<String, Object> status(Map<String, String> listened) {
        Map<String, Object> body = new HashMap<>();
        body.put("collectStatus", 200);
        body.put("lisentersGroupkeyStatus", listened);
        return body;
    }
}
