package com.nacosx.naming.http;

import com.nacosx.api.common.Constants;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.ApiVersion;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import com.nacosx.core.http.RestResult;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.registry.Page;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.service.NamingQueries;
import com.nacosx.naming.service.ServiceService;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Services over the 1.x Open API, {@code /v1/ns/service}, and the v2 one, {@code /v2/ns/service}
 * (answers in the v2 envelope; its detail and list have the official v2 shapes, and a service it
 * creates is persistent unless {@code ephemeral=true}, as there). Metadata writes reach the disk first.
 */
@Component
public class ServiceHttpApi implements HttpApi {

    private static final String SERVICE = "/v1/ns/service";
    private static final String V2 = "/v2/ns/service";
    private static final String V3 = "/v3/admin/ns/service";
    private static final int MAX_V2_PAGE = 500;

    /** The selector JSON of the official API: {@code {"type":"label","expression":"..."}}. */
    record SelectorParam(String type, String expression) {
    }

    private final NamingQueries queries;
    private final ServiceService services;

    public ServiceHttpApi(NamingQueries queries, ServiceService services) {
        this.queries = queries;
        this.services = services;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.post(SERVICE).access(HttpAccess.naming(Action.WRITE)).tps("NamingServiceRegister")
                .blocking(exchange -> create(exchange, true, ApiVersion.V1));
        routes.put(SERVICE).access(HttpAccess.naming(Action.WRITE)).tps("NamingServiceUpdate")
                .blocking(exchange -> update(exchange, exchange.requiredParam("protectThreshold"),
                ApiVersion.V1));
        routes.delete(SERVICE).access(HttpAccess.naming(Action.WRITE)).tps("NamingServiceDeregister")
                .blocking(exchange -> remove(exchange, ApiVersion.V1));
        // The v3 admin API writes as v2; its detail adds the namespaceId (the 3.x ServiceDetailInfo).
        for (String base : new String[] {V2, V3}) {
            routes.post(base).access(HttpAccess.naming(Action.WRITE)).tps("NamingServiceRegister")
                    .blocking(exchange -> create(exchange, false, ApiVersion.V2));
            routes.put(base).access(HttpAccess.naming(Action.WRITE)).tps("NamingServiceUpdate")
                    .blocking(exchange -> update(exchange, exchange.param("protectThreshold"), ApiVersion.V2));
            routes.delete(base).access(HttpAccess.naming(Action.WRITE)).tps("NamingServiceDeregister")
                    .blocking(exchange -> remove(exchange, ApiVersion.V2));
            boolean withNamespaceId = base.equals(V3);
            routes.get(base).access(HttpAccess.naming(Action.READ)).tps("NamingServiceQuery").inline(exchange ->
                    exchange.respondJson(ApiResult.success(detailBody(exchange, withNamespaceId))));
        }
        routes.get(V3 + "/subscribers").access(HttpAccess.naming(Action.READ)).inline(this::subscribersV3);
        routes.get(V3 + "/selector/types").access(Access.signedIn()).inline(exchange -> exchange.respondJson(
                ApiResult.success(List.of("none", "label"))));
        routes.put("/v3/admin/ns/cluster").access(HttpAccess.naming(Action.WRITE))
                .blocking(exchange -> updateCluster(exchange, ApiVersion.V2));
        routes.get(V2 + "/list").access(HttpAccess.naming(Action.READ)).tps("NamingServiceListQuery")
                .inline(this::listV2);
        routes.get(SERVICE).access(HttpAccess.naming(Action.READ)).tps("NamingServiceQuery").inline(this::detail);
        routes.get(SERVICE + "/list").access(HttpAccess.naming(Action.READ)).tps("NamingServiceListQuery")
                .inline(this::list);
        routes.get(SERVICE + "/subscribers").access(HttpAccess.naming(Action.READ)).inline(this::subscribers);
        routes.get(SERVICE + "/names").access(HttpAccess.naming(Action.READ)).inline(this::search);
        routes.get(SERVICE + "/selector/types").access(Access.signedIn()).inline(exchange -> exchange.respondJson(
                RestResult.ok(List.of("none", "label"))));
        routes.put("/v1/ns/cluster").access(HttpAccess.naming(Action.WRITE))
                .blocking(exchange -> updateCluster(exchange, ApiVersion.V1));
    }

    private void create(HttpExchange exchange, boolean ephemeralByDefault, ApiVersion version) {
        services.create(NamingParams.service(exchange), exchange.boolParam("ephemeral", ephemeralByDefault),
                meta(exchange, 0F));
        version.ok(exchange);
    }

    /** @param thresholdText the protect threshold given (the 1.x API requires it; the v2 one defaults to 0) */
    private void update(HttpExchange exchange, String thresholdText, ApiVersion version) {
        ServiceKey key = NamingParams.service(exchange);
        float threshold = thresholdText == null || thresholdText.isBlank() ? 0F : threshold(thresholdText);
        services.update(key, meta(exchange, threshold));
        version.ok(exchange);
    }

    private void remove(HttpExchange exchange, ApiVersion version) {
        services.remove(NamingParams.service(exchange));
        version.ok(exchange);
    }

    /**
     * Grouped service names containing {@code expr}, by namespace ({@code namespaceId}, else all).
     * The official matches {@code expr} as a regular expression; here it is plain text, so that a
     * request cannot make the server run a costly pattern. The official answers the names under the
     * key {@code META-INF/services} (a relocation slip in its build); clients read that key.
     */
    private void search(HttpExchange exchange) {
        String namespace = exchange.param("namespaceId");
        String expr = exchange.param("expr") == null ? "" : exchange.param("expr");
        Map<String, List<String>> byNamespace = new TreeMap<>();
        for (RegisteredService service : queries.all()) {
            String grouped = service.key().grouped();
            if ((namespace == null || namespace.isBlank() || namespace.equals(service.key().namespace()))
                    && grouped.contains(expr)) {
                byNamespace.computeIfAbsent(service.key().namespace(), ns -> new ArrayList<>()).add(grouped);
            }
        }
        if (namespace != null && !namespace.isBlank()) {
            byNamespace.putIfAbsent(namespace, List.of());
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("META-INF/services", byNamespace);
        body.put("count", byNamespace.values().stream().mapToInt(List::size).sum());
        exchange.respondJson(body);
    }

    /** The official v2 {@code ServiceDetailInfo}: clusters in a map by name. */
    private Map<String, Object> detailBody(HttpExchange exchange, boolean withNamespaceId) {
        ServiceKey key = NamingParams.service(exchange);
        RegisteredService service = queries.service(key);
        if (service == null) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.SERVICE_NOT_EXIST,
                    "service not found, namespace: " + key.namespace() + ", serviceName: " + key.grouped());
        }
        ServiceMeta meta = service.meta();
        Map<String, Object> clusters = new LinkedHashMap<>();
        for (String name : service.clusterNames()) {
            ClusterMeta cluster = service.cluster(name);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("clusterName", name);
            entry.put("healthChecker", checker(cluster));
            entry.put("metadata", cluster.metadata());
            entry.put("hosts", null);
            clusters.put(name, entry);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put(withNamespaceId ? "namespaceId" : "namespace", key.namespace());
        body.put("serviceName", key.name());
        body.put("groupName", key.group());
        body.put("clusterMap", clusters);
        body.put("metadata", meta.metadata());
        body.put("protectThreshold", meta.protectThreshold());
        body.put("selector", selector(meta));
        body.put("ephemeral", service.ephemeral());
        return body;
    }

    /** The official v2 {@code ServiceNameView}: the count and one page of names without their group. */
    private void listV2(HttpExchange exchange) {
        List<String> names = names(exchange);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("count", names.size());
        body.put("services", Page.of(names, exchange.intParam("pageNo", 1),
                Math.min(MAX_V2_PAGE, exchange.intParam("pageSize", 20))));
        exchange.respondJson(ApiResult.success(body));
    }

    /** {@code PUT /v1/ns/cluster}: how the server checks a cluster's persistent instances. */
    private void updateCluster(HttpExchange exchange, ApiVersion version) {
        ServiceKey key = NamingParams.service(exchange);
        String cluster = exchange.requiredParam("clusterName");
        String checker = exchange.param("healthChecker");
        String type = "TCP";
        String path = "";
        if (checker != null && !checker.isBlank()) {
            Map<?, ?> parsed = Json.read(checker, Map.class, "healthChecker");
            if (parsed == null) {
                throw NacosException.badRequest("Param 'healthChecker' is illegal: give a JSON object such as "
                        + "{\"type\":\"TCP\"}");
            }
            type = String.valueOf(parsed.get("type") == null ? "TCP" : parsed.get("type"));
            path = parsed.get("path") == null ? "" : String.valueOf(parsed.get("path"));
        }
        int checkPort = exchange.intParam("checkPort", 80);
        boolean useInstancePort = exchange.boolParam("useInstancePort4Check", true);
        services.updateCluster(key, cluster, new ClusterMeta(type, path, checkPort, useInstancePort,
                NamingParams.metadata(exchange.param("metadata"))));
        version.ok(exchange);
    }

    private void detail(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        RegisteredService service = queries.existing(key);
        ServiceMeta meta = service.meta();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("namespaceId", key.namespace());
        body.put("groupName", key.group());
        body.put("name", key.name());
        body.put("protectThreshold", meta.protectThreshold());
        body.put("metadata", meta.metadata());
        body.put("selector", selector(meta));
        body.put("ephemeral", service.ephemeral());
        List<Map<String, Object>> clusters = new ArrayList<>();
        for (String name : service.clusterNames()) {
            ClusterMeta cluster = service.cluster(name);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", name);
            entry.put("healthChecker", checker(cluster));
            entry.put("metadata", cluster.metadata());
            clusters.add(entry);
        }
        body.put("clusters", clusters);
        exchange.respondJson(body);
    }

    static Map<String, Object> checker(ClusterMeta cluster) {
        Map<String, Object> checker = new LinkedHashMap<>();
        checker.put("type", cluster.checkerType());
        if ("HTTP".equals(cluster.checkerType())) {
            checker.put("path", cluster.checkPath());
        }
        return checker;
    }

    static Map<String, Object> selector(ServiceMeta meta) {
        Map<String, Object> selector = new LinkedHashMap<>();
        selector.put("type", meta.selectorType());
        if (!meta.selectorExpression().isEmpty()) {
            selector.put("expression", meta.selectorExpression());
        }
        return selector;
    }

    /** {@code {"count":N,"doms":[names]}}, names without their group, as the 1.x client expects. */
    private void list(HttpExchange exchange) {
        List<String> names = names(exchange);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("count", names.size());
        body.put("doms", Page.of(names, exchange.intParam("pageNo", 1), exchange.intParam("pageSize", 10)));
        exchange.respondJson(body);
    }

    /** The names of the services of {@code namespaceId} (public) and {@code groupName} (DEFAULT_GROUP). */
    private List<String> names(HttpExchange exchange) {
        String namespace = exchange.param("namespaceId");
        String group = exchange.param("groupName");
        return queries.list(namespace == null || namespace.isBlank() ? Constants.PUBLIC_NAMESPACE_ID : namespace,
                group == null || group.isBlank() ? Constants.DEFAULT_GROUP : group)
                .stream().map(s -> s.key().name()).toList();
    }

    private void subscribers(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        List<Map<String, Object>> all = queries.subscribers(key).stream()
                .map(subscriber -> subscriber(key, subscriber)).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("subscribers", Page.of(all, exchange.intParam("pageNo", 1), exchange.intParam("pageSize", 1000)));
        body.put("count", all.size());
        exchange.respondJson(body);
    }

    /** One page of the service's subscribers in the envelope (the 3.x {@code Page<SubscriberInfo>}). */
    private void subscribersV3(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        exchange.respondJson(ApiResult.success(Page.counted(queries.subscribers(key), exchange.intParam("pageNo", 1),
                exchange.intParam("pageSize", 1000), subscriber -> subscriber(key, subscriber))));
    }

    private static Map<String, Object> subscriber(ServiceKey key, NamingQueries.Subscriber subscriber) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("addrStr", subscriber.ip() + ":" + subscriber.port());
        item.put("agent", subscriber.agent() == null ? "" : subscriber.agent());
        item.put("app", "unknown");
        item.put("ip", subscriber.ip());
        item.put("port", subscriber.port());
        item.put("namespaceId", key.namespace());
        item.put("serviceName", key.grouped());
        item.put("cluster", subscriber.clusters());
        return item;
    }

    private static ServiceMeta meta(HttpExchange exchange, float defaultThreshold) {
        String thresholdText = exchange.param("protectThreshold");
        float threshold = thresholdText == null || thresholdText.isBlank() ? defaultThreshold : threshold(thresholdText);
        String selectorText = exchange.param("selector");
        SelectorParam selector = new SelectorParam(null, null);
        if (selectorText != null && !selectorText.isBlank()) {
            selector = Json.read(selectorText, SelectorParam.class, "selector");
            if (selector == null) {
                throw NacosException.badRequest("Param 'selector' is illegal: give a JSON object such as "
                        + "{\"type\":\"label\",\"expression\":\"...\"}");
            }
        }
        String type = selector.type() == null ? "none" : selector.type();
        String expression = selector.expression() == null ? "" : selector.expression();
        return new ServiceMeta(threshold, NamingParams.metadata(exchange.param("metadata")), type, expression);
    }

    private static float threshold(String text) {
        try {
            float threshold = Float.parseFloat(text.trim());
            if (threshold >= 0F && threshold <= 1F) {
                return threshold;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw NacosException.badRequest("Param 'protectThreshold' is illegal: '" + text + "'; it must be 0-1");
    }
}
