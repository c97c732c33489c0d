package com.nacosx.naming.http;

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
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.service.InstanceService;
import com.nacosx.naming.service.NamingQueries;
import org.springframework.stereotype.Component;

import java.util.Map;

/**
 * {@code /v1/ns/health} and {@code /v2/ns/health} (the v2 envelope): setting a persistent
 * instance's health by hand, which only makes sense where the server does not check it (cluster
 * checker NONE).
 */
@Component
public class HealthHttpApi implements HttpApi {

    private final NamingQueries queries;
    private final InstanceService instances;

    /** The checkers a cluster may use, with their defaults; MYSQL is not among them here. */
    private static final Map<String, Map<String, Object>> CHECKERS = Map.of(
            "HTTP", Map.of("type", "HTTP", "path", "", "headers", "", "expectedResponseCode", 200),
            "TCP", Map.of("type", "TCP"),
            "NONE", Map.of("type", "NONE"));

    public HealthHttpApi(NamingQueries queries, InstanceService instances) {
        this.queries = queries;
        this.instances = instances;
    }

    @Override
    public void register(HttpRoutes routes) {
        for (String path : new String[] {"/v1/ns/health", "/v1/ns/health/instance"}) {
            routes.put(path).access(HttpAccess.naming(Action.WRITE)).blocking(exchange -> update(exchange, ApiVersion.V1));
        }
        for (String path : new String[] {"/v2/ns/health", "/v2/ns/health/instance", "/v3/admin/ns/health/instance"}) {
            routes.put(path).access(HttpAccess.naming(Action.WRITE)).blocking(exchange -> update(exchange, ApiVersion.V2));
        }
        routes.get("/v1/ns/health/checkers").access(Access.signedIn()).inline(exchange -> exchange.respondJson(CHECKERS));
        routes.get("/v3/admin/ns/health/checkers").access(Access.signedIn())
                .inline(exchange -> exchange.respondJson(ApiResult.success(CHECKERS)));
        routes.get("/v1/ns/health/server").access(Access.open()).inline(exchange -> exchange.respondJson(Map.of("msg",
                "Hello! I am Nacos-Naming and healthy! total services: " + queries.all().size())));
    }

    private void update(HttpExchange exchange, ApiVersion version) {
        ServiceKey key = NamingParams.service(exchange);
        String ip = NamingParams.ip(exchange);
        int port = NamingParams.port(exchange);
        String cluster = NamingParams.cluster(exchange);
        String healthyText = exchange.param("healthy") != null ? exchange.param("healthy") : exchange.param("valid");
        if (healthyText == null || healthyText.isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.HEALTHY_PARAM_MISS,
                    "Required parameter 'healthy' is not present");
        }
        instances.setHealthByHand(key, ip, port, cluster, Boolean.parseBoolean(healthyText.trim()));
        version.ok(exchange);
    }
}
