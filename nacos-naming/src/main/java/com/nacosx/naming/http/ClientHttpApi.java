package com.nacosx.naming.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.remote.ConnectionMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.service.NamingQueries;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The naming clients of this node over the v2 Open API, {@code /v2/ns/client}: which there are
 * (gRPC connections, and the {@code ip:port#ephemeral} owners of instances registered over HTTP),
 * what each publishes and subscribes to, and who publishes and subscribes to a service. The
 * publisher list without {@code ip} and {@code port} lists every publisher (the official then
 * lists none).
 */
@Component
public class ClientHttpApi implements HttpApi {

    private static final String BASE = "/v2/ns/client";
    private static final String V3 = "/v3/admin/ns/client";

    private final NamingQueries queries;
    private final ConnectionManager connections;

    public ClientHttpApi(NamingQueries queries, ConnectionManager connections) {
        this.queries = queries;
        this.connections = connections;
    }

    @Override
    public void register(HttpRoutes routes) {
        // The v2 Open API and the v3 admin API answer alike.
        for (String base : new String[] {BASE, V3}) {
            routes.get(base + "/list").inline(exchange ->
                    exchange.respondJson(ApiResult.success(List.copyOf(queries.clientIds()))));
            routes.get(base).inline(exchange -> exchange.respondJson(ApiResult.success(detail(known(exchange)))));
            routes.get(base + "/publish/list").inline(this::published);
            routes.get(base + "/subscribe/list").inline(this::subscribed);
            routes.get(base + "/service/publisher/list").inline(this::publishers);
            routes.get(base + "/service/subscriber/list").inline(this::subscribersOf);
        }
    }

    private String known(HttpExchange exchange) {
        String clientId = exchange.requiredParam("clientId");
        if (!queries.isClient(clientId)) {
            throw new NacosException(NacosException.NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND,
                    "clientId [ " + clientId + " ] not exist");
        }
        return clientId;
    }

    private Map<String, Object> detail(String clientId) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("clientId", clientId);
        body.put("ephemeral", !ClientIds.isPersistent(clientId));
        Connection connection = connections.get(clientId);
        if (connection != null) {
            ConnectionMeta meta = connection.meta();
            body.put("lastUpdatedTime", connection.lastActiveTime());
            body.put("clientType", "connection");
            body.put("connectType", "GRPC");
            body.put("appName", meta.appName());
            body.put("version", meta.clientVersion());
            body.put("clientIp", meta.clientIp());
            body.put("clientPort", String.valueOf(meta.remotePort()));
        } else {
            body.put("lastUpdatedTime", queries.lastBeat(clientId));
            body.put("clientType", "ipPort");
            String address = clientId.substring(0, clientId.lastIndexOf('#'));
            int colon = address.lastIndexOf(':');
            body.put("clientIp", address.substring(0, colon));
            body.put("clientPort", address.substring(colon + 1));
        }
        return body;
    }

    private void published(HttpExchange exchange) {
        String clientId = known(exchange);
        List<Map<String, Object>> items = new ArrayList<>();
        queries.publishedBy(clientId).forEach((key, instances) -> instances.forEach(instance -> {
            Map<String, Object> item = service(key);
            item.put("registeredInstance", endpoint(instance));
            items.add(item);
        }));
        exchange.respondJson(ApiResult.success(items));
    }

    private void subscribed(HttpExchange exchange) {
        String clientId = known(exchange);
        Connection connection = connections.get(clientId);
        List<Map<String, Object>> items = new ArrayList<>();
        for (ServiceKey key : queries.subscribedBy(clientId)) {
            Map<String, Object> item = service(key);
            Map<String, Object> subscriber = new LinkedHashMap<>();
            subscriber.put("app", connection == null ? "unknown" : connection.meta().appName());
            subscriber.put("agent", connection == null ? "" : connection.meta().clientVersion());
            subscriber.put("addr", connection == null ? "" : connection.meta().clientIp());
            item.put("subscriberInfo", subscriber);
            items.add(item);
        }
        exchange.respondJson(ApiResult.success(items));
    }

    private void publishers(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        boolean ephemeral = exchange.boolParam("ephemeral", true);
        String ip = exchange.param("ip");
        String port = exchange.param("port");
        List<Map<String, Object>> items = new ArrayList<>();
        RegisteredService service = queries.service(key);
        if (service != null) {
            service.publications().forEach((clientId, publication) -> publication.instances().stream()
                    .filter(instance -> instance.ephemeral() == ephemeral)
                    .filter(instance -> ip == null || ip.equals(instance.ip()))
                    .filter(instance -> port == null || port.equals(String.valueOf(instance.port())))
                    .forEach(instance -> {
                        Map<String, Object> item = endpoint(instance);
                        item.put("clientId", clientId);
                        items.add(item);
                    }));
        }
        exchange.respondJson(ApiResult.success(items));
    }

    private void subscribersOf(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        String ip = exchange.param("ip");
        String port = exchange.param("port");
        List<Map<String, Object>> items = new ArrayList<>();
        for (NamingQueries.Subscriber subscriber : queries.grpcSubscribers(key)) {
            if ((ip == null || ip.equals(subscriber.ip())) && (port == null || "0".equals(port))) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("clientId", subscriber.clientId());
                item.put("ip", subscriber.ip());
                item.put("port", 0);
                items.add(item);
            }
        }
        exchange.respondJson(ApiResult.success(items));
    }

    private static Map<String, Object> service(ServiceKey key) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("namespace", key.namespace());
        item.put("group", key.group());
        item.put("serviceName", key.name());
        return item;
    }

    private static Map<String, Object> endpoint(InstanceRecord instance) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("ip", instance.ip());
        item.put("port", instance.port());
        item.put("cluster", instance.cluster());
        return item;
    }
}
