package com.nacosx.naming.http;

import com.nacosx.api.exception.NacosException;
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
 * {@code /v1/ns/health}: setting a persistent instance's health by hand, which only makes sense
 * where the server does not check it (cluster checker NONE).
 */
@Component
public class HealthHttpApi implements HttpApi {

    private final ServiceRegistry registry;
    private final InstanceOperator instances;

    public HealthHttpApi(ServiceRegistry registry, InstanceOperator instances) {
        this.registry = registry;
        this.instances = instances;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.put("/v1/ns/health").blocking(this::update);
        routes.put("/v1/ns/health/instance").blocking(this::update);
        routes.get("/v1/ns/health/server").inline(exchange -> exchange.respondJson(Map.of("msg",
                "Hello! I am Nacos-Naming and healthy! total services: " + registry.all().size())));
    }

    private void update(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        String ip = NamingParams.ip(exchange);
        int port = NamingParams.port(exchange);
        String cluster = NamingParams.cluster(exchange);
        String healthyText = exchange.param("healthy") != null ? exchange.param("healthy") : exchange.param("valid");
        if (healthyText == null || healthyText.isBlank()) {
            throw NacosException.missingParameter("healthy");
        }
        boolean healthy = Boolean.parseBoolean(healthyText.trim());
        InstanceRecord instance = instances.find(key, ip, port, cluster);
        if (instance == null) {
            throw NacosException.badRequest("instance not exist: " + ip + ":" + port + " in cluster " + cluster
                    + " of service " + key.grouped());
        }
        if (instance.ephemeral()) {
            throw NacosException.badRequest("the health of ephemeral instance " + ip + ":" + port
                    + " follows its client's beats or connection; only persistent instances can be set");
        }
        String checker = registry.existing(key).cluster(cluster).checkerType();
        if (!"NONE".equals(checker)) {
            throw NacosException.badRequest("health check is still working (" + checker + ") for cluster " + cluster
                    + " of " + key.grouped() + "; set its healthChecker to NONE first");
        }
        instances.change(key, ip, port, cluster, false, current -> current.withHealthy(healthy));
        exchange.respondText(200, "ok");
    }
}
