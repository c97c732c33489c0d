package com.nacosx.naming.http;

import com.nacosx.core.auth.Action;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.registry.RegisteredService;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import com.nacosx.naming.service.NamingQueries;
import org.springframework.stereotype.Component;

/**
 * Prometheus HTTP service discovery over the registry, at the official server's paths:
 * {@code GET /prometheus} (every namespace), {@code /prometheus/namespaceId/{namespaceId}} and
 * {@code /prometheus/namespaceId/{namespaceId}/service/{service}} (services of that name in any
 * group), served on a worker as they walk the whole queries. Each instance is one target group: {@code {"targets":["ip:port"],"labels":{...}}} with
 * {@code __meta_clusterName} and the instance's metadata as labels ('.' and '-' in keys become '_').
 */
@Component
public class PrometheusSdHttpApi implements HttpApi {

    private final NamingQueries queries;

    public PrometheusSdHttpApi(NamingQueries queries) {
        this.queries = queries;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get("/prometheus").access(HttpAccess.naming(Action.READ)).blocking(exchange -> answer(exchange, service -> true));
        routes.get("/prometheus/namespaceId/{namespaceId}").access(HttpAccess.naming(Action.READ)).blocking(exchange -> {
            String namespace = exchange.pathVariable("namespaceId");
            answer(exchange, service -> service.key().namespace().equals(namespace));
        });
        routes.get("/prometheus/namespaceId/{namespaceId}/service/{service}").access(HttpAccess.naming(Action.READ)).blocking(exchange -> {
            String namespace = exchange.pathVariable("namespaceId");
            String name = exchange.pathVariable("service");
            answer(exchange, service -> service.key().namespace().equals(namespace)
                    && service.key().name().equals(name));
        });
    }

    private void answer(HttpExchange exchange, Predicate<RegisteredService> which) {
        // An instance registered in several services is one target, as the official server has it.
        Set<InstanceRecord> instances = new LinkedHashSet<>();
        for (RegisteredService service : queries.all()) {
            if (which.test(service)) {
                instances.addAll(service.instances());
            }
        }
        List<Map<String, Object>> targets = new ArrayList<>(instances.size());
        for (InstanceRecord instance : instances) {
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put("__meta_clusterName", instance.cluster());
            instance.metadata().forEach((key, value) -> labels.put(key.replace('.', '_').replace('-', '_'), value));
            targets.add(Map.of("targets", List.of(instance.ip() + ":" + instance.port()), "labels", labels));
        }
        exchange.respondJson(targets);
    }
}
