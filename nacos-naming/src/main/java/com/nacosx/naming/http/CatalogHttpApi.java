package com.nacosx.naming.http;

import com.nacosx.api.common.Constants;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.Instance;
import com.nacosx.core.auth.Action;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.Page;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.service.NamingQueries;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The console's lists, {@code /v1/ns/catalog}: services with their counts, a cluster's instances. */
@Component
public class CatalogHttpApi implements HttpApi {

    private final NamingQueries queries;

    public CatalogHttpApi(NamingQueries queries) {
        this.queries = queries;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get("/v1/ns/catalog/services").access(HttpAccess.naming(Action.READ)).inline(this::services);
        routes.get("/v1/ns/catalog/instances").access(HttpAccess.naming(Action.READ)).inline(this::instances);
        routes.get("/v1/ns/catalog/service").access(HttpAccess.naming(Action.READ)).inline(this::service);
        routes.get("/v2/ns/catalog/instances").access(HttpAccess.naming(Action.READ)).inline(this::instancesV2);
        routes.get("/v3/admin/ns/service/list").access(HttpAccess.naming(Action.READ)).tps("NamingServiceListQuery")
                .inline(this::servicesV3);
    }

    /** Services of a namespace, optionally of one group and whose name contains {@code serviceNameParam}. */
    private void services(HttpExchange exchange) {
        List<RegisteredService> matching = matching(exchange, exchange.boolParam("hasIpCount", false));
        List<Map<String, Object>> page = Page.of(matching, exchange.intParam("pageNo", 1),
                exchange.intParam("pageSize", 10)).stream().map(CatalogHttpApi::summary).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("count", matching.size());
        body.put("serviceList", page);
        exchange.respondJson(body);
    }

    /** The v3 admin list: the same summaries as one page in the envelope, empty services left out unless asked. */
    private void servicesV3(HttpExchange exchange) {
        List<RegisteredService> matching = matching(exchange, exchange.boolParam("ignoreEmptyService", true));
        exchange.respondJson(ApiResult.success(Page.counted(matching, exchange.intParam("pageNo", 1),
                exchange.intParam("pageSize", 10), CatalogHttpApi::summary)));
    }

    /** The services of {@code namespaceId} in {@code groupNameParam} (any) whose name holds {@code serviceNameParam}. */
    private List<RegisteredService> matching(HttpExchange exchange, boolean onlyWithInstances) {
        String namespace = exchange.param("namespaceId");
        String group = exchange.param("groupNameParam");
        String nameFilter = exchange.param("serviceNameParam");
        return queries.list(namespace == null || namespace.isBlank()
                        ? Constants.PUBLIC_NAMESPACE_ID : namespace, group == null || group.isBlank() ? null : group)
                .stream()
                .filter(s -> nameFilter == null || nameFilter.isBlank() || s.key().name().contains(nameFilter))
                .filter(s -> !onlyWithInstances || s.instanceCount() > 0)
                .toList();
    }

    /** The console's service page: the service's settings and its clusters' health checks. */
    private void service(HttpExchange exchange) {
        ServiceKey key = ServiceKey.of(exchange.param("namespaceId"), null, exchange.requiredParam("serviceName"));
        RegisteredService service = queries.service(key);
        if (service == null) {
            throw new NacosException(NacosException.NOT_FOUND, ErrorCode.SERVICE_NOT_EXIST,
                    String.format("service %s is not found!", key.grouped()));
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("name", key.name());
        settings.put("groupName", key.group());
        settings.put("protectThreshold", service.meta().protectThreshold());
        settings.put("selector", ServiceHttpApi.selector(service.meta()));
        settings.put("metadata", service.meta().metadata());
        List<Map<String, Object>> clusters = new ArrayList<>();
        for (String name : service.clusterNames()) {
            ClusterMeta cluster = service.cluster(name);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("serviceName", key.grouped());
            entry.put("name", name);
            entry.put("healthChecker", ServiceHttpApi.checker(cluster));
            entry.put("defaultPort", 80);
            entry.put("defaultCheckPort", cluster.checkPort());
            entry.put("useIPPort4Check", cluster.useInstancePort4Check());
            entry.put("metadata", cluster.metadata());
            clusters.add(entry);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("service", settings);
        body.put("clusters", clusters);
        exchange.respondJson(body);
    }

    private static Map<String, Object> summary(RegisteredService service) {
        List<InstanceRecord> instances = service.instances();
        Set<String> clusters = new HashSet<>(service.clusters().keySet());
        instances.forEach(instance -> clusters.add(instance.cluster()));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("name", service.key().name());
        summary.put("groupName", service.key().group());
        summary.put("clusterCount", clusters.size());
        summary.put("ipCount", instances.size());
        summary.put("healthyInstanceCount", instances.stream().filter(InstanceRecord::healthy).count());
        summary.put("triggerFlag", "false");
        // Not in the official answer: the console's service list shows it.
        summary.put("protectThreshold", service.meta().protectThreshold());
        return summary;
    }

    /**
     * The v2 catalog: every instance of {@code serviceName} (which may carry its group as
     * {@code group@@name}), optionally only healthy or enabled ones, one page of them.
     */
    private void instancesV2(HttpExchange exchange) {
        ServiceKey key = ServiceKey.of(exchange.param("namespaceId"), null, exchange.requiredParam("serviceName"));
        String healthy = exchange.param("healthyOnly");
        String enabled = exchange.param("enabledOnly");
        List<Instance> all = queries.hosts(key).stream()
                .filter(host -> healthy == null || host.healthy == Boolean.parseBoolean(healthy))
                .filter(host -> enabled == null || host.enabled == Boolean.parseBoolean(enabled))
                .toList();
        Map<String, Object> body = new LinkedHashMap<>();
        List<Instance> page = Page.of(all, exchange.requiredIntParam("pageNo"), exchange.requiredIntParam("pageSize"));
        if (!page.isEmpty()) {
            body.put("instances", page);
        }
        body.put("count", all.size());
        exchange.respondJson(ApiResult.success(body));
    }

    private void instances(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        String cluster = exchange.requiredParam("clusterName");
        List<Instance> all = queries.existing(key).view().hosts().stream()
                .filter(host -> host.clusterName.equals(cluster)).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("list", Page.of(all, exchange.intParam("pageNo", 1), exchange.intParam("pageSize", 10)));
        body.put("count", all.size());
        exchange.respondJson(body);
    }
}
