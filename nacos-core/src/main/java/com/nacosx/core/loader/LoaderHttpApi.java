package com.nacosx.core.remote;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.HttpServerProperties;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The connection loader of this node over HTTP ({@code /v2/core/loader/*}): who is connected, the
 * load, and shedding connections to move clients elsewhere.
 */
@Component
public class LoaderHttpApi implements HttpApi {

    private static final String BASE = "/v2/core/loader";

    private final ConnectionManager connections;
    private final ServerLoad load;
    private final HttpServerProperties server;

    public LoaderHttpApi(ConnectionManager connections, ServerLoad load, HttpServerProperties server) {
        this.connections = connections;
        this.load = load;
        this.server = server;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(BASE + "/current").inline(this::current);
        routes.get(BASE + "/metrics").inline(this::metrics);
        routes.get(BASE + "/reloadCurrent").inline(this::reloadCurrent);
        routes.get(BASE + "/reloadClient").inline(this::reloadClient);
    }

    /** Every connection of this node by id, with what the client said of itself. */
    private void current(HttpExchange exchange) {
        Map<String, Object> view = new LinkedHashMap<>();
        for (Connection connection : connections.all()) {
            ConnectionMeta meta = connection.meta();
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("connectType", "GRPC");
            info.put("connectionId", meta.connectionId());
            info.put("clientIp", meta.clientIp());
            info.put("remoteIp", meta.remoteIp());
            info.put("remotePort", meta.remotePort());
            info.put("localPort", meta.localPort());
            info.put("version", meta.clientVersion());
            info.put("appName", meta.appName());
            info.put("tenant", meta.tenant());
            info.put("labels", meta.labels());
            info.put("createTime", meta.createTime());
            info.put("lastActiveTime", connection.lastActiveTime());
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("metaInfo", info);
            entry.put("abilityTable", meta.abilityTable());
            view.put(meta.connectionId(), entry);
        }
        exchange.respondJson(view);
    }

    /** The loader metrics of the cluster; one node until membership exists. */
    private void metrics(HttpExchange exchange) {
        Map<String, String> self = load.metrics();
        int count = connections.count();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("total", count);
        body.put("min", count);
        body.put("avg", count);
        body.put("max", count);
        body.put("memoryUsage", self.get("memoryUsage"));
        body.put("completed", true);
        body.put("detail", List.of(Map.of("address", selfAddress(), "metric", self)));
        exchange.respondJson(body);
    }

    private String selfAddress() {
        String ip = server.address() == null || server.address().isBlank() ? "127.0.0.1" : server.address();
        return ip + ":" + server.port();
    }

    /** Keeps {@code count} client connections and asks the rest to reconnect (to {@code redirectAddress} if given). */
    private void reloadCurrent(HttpExchange exchange) {
        long keep = exchange.requiredLongParam("count");
        connections.shedDownTo((int) Math.min(keep, Integer.MAX_VALUE), exchange.param("redirectAddress"));
        exchange.respondText(200, "success");
    }

    /** Asks one client to reconnect. */
    private void reloadClient(HttpExchange exchange) {
        String id = exchange.requiredParam("connectionId");
        Connection connection = connections.get(id);
        if (connection == null) {
            throw new NacosException(NacosException.NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND,
                    "connection " + id + " does not exist on this node; list them with GET " + BASE + "/current");
        }
        connections.reset(connection, exchange.param("redirectAddress"));
        exchange.respondText(200, "success");
    }
}
