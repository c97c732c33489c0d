package com.nacosx.naming.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.http.ApiVersion;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.service.InstanceOperator;
import org.springframework.stereotype.Component;

import java.util.Map;

/**
 * {@code /v1/ns/health} and {@code /v2/ns/health} (the v2 envelope): setting a persistent
 * instance's health by hand, which only makes sense where the server does not check it (cluster
 * checker NONE).
 */
@Component
public class HealthHttpApi implements HttpApi {

    private final ServiceRegistry registry;
    private final InstanceOperator instances;

    /** The checkers a cluster may use, with their defaults; MYSQL is not among them here. */
    private static final Map<String, Map<String, Object>> CHECKERS = Map.of(
            "HTTP", Map.of("type", "HTTP", "path", "", "headers", "", "expectedResponseCode", 200),
            "TCP", Map.of("type", "TCP"),
            "NONE", Map.of("type", "NONE"));

    public HealthHttpApi(ServiceRegistry registry, InstanceOperator instances) {
        this.registry = registry;
        this.instances = instances;
    }

    @Override
    public void register(HttpRoutes routes) {
        for (String path : new String[] {"/v1/ns/health", "/v1/ns/health/instance"}) {
            routes.put(path).access(HttpAccess.naming(Action.WRITE)).blocking(exchange -> update(exchange, ApiVersion.V1));
        }
        for (String path : new String[] {"/v2/ns/health", "/v2/ns/health/instance"}) {
            routes.put(path).access(HttpAccess.naming(Action.WRITE)).blocking(exchange -> update(exchange, ApiVersion.V2));
        }
        routes.get("/v1/ns/health/checkers").access(Access.signedIn()).inline(exchange -> exchange.respondJson(CHECKERS));
        routes.get("/v1/ns/health/server").access(Access.open()).inline(exchange -> exchange.respondJson(Map.of("msg",
                "Hello! I am Nacos-Naming and healthy! total services: " + registry.all().size())));
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
        boolean healthy = Boolean.parseBoolean(healthyText.trim());
        InstanceRecord instance = instances.find(key, ip, port, cluster);
        if (instance == null) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.INSTANCE_NOT_FOUND, "instance not exist: " + ip + ":" + port + " in cluster " + cluster
                    + " of service " + key.grouped());
        }
        if (instance.ephemeral()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.INSTANCE_ERROR, "the health of ephemeral instance " + ip + ":" + port
                    + " follows its client's beats or connection; only persistent instances can be set");
        }
        String checker = registry.existing(key).cluster(cluster).checkerType();
        if (!"NONE".equals(checker)) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.HEALTH_CHECK_STILL_RUNNING,
                    "health check is still working (" + checker + ") for cluster " + cluster
                    + " of " + key.grouped() + "; set its healthChecker to NONE first");
        }
        instances.change(key, ip, port, cluster, false, current -> current.withHealthy(healthy));
        version.ok(exchange);
    }
}
