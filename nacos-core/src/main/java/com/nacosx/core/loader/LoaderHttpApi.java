package com.nacosx.core.loader;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.core.http.ApiVersion;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.remote.ConnectionMeta;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The connection loader over HTTP ({@code /v2/core/loader/*}): who is connected to this node, the
 * load of every member, and shedding connections to move clients elsewhere, by hand or balanced
 * over the cluster.
 */
@Component
public class LoaderHttpApi implements HttpApi {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.core.remote");
    private static final String BASE = "/v2/core/loader";
    private static final String V3 = "/v3/admin/core/loader";

    private final ConnectionManager connections;
    private final ClusterLoad clusterLoad;

    public LoaderHttpApi(ConnectionManager connections, ClusterLoad clusterLoad) {
        this.connections = connections;
        this.clusterLoad = clusterLoad;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(BASE + "/current").inline(exchange -> current(exchange, ApiVersion.V1));
        routes.get(BASE + "/cluster").inline(exchange -> cluster(exchange, ApiVersion.V1));
        routes.get(BASE + "/smartReloadCluster").inline(exchange -> smartReloadCluster(exchange, ApiVersion.V1));
        routes.get(BASE + "/reloadCurrent").inline(exchange -> reloadCurrent(exchange, ApiVersion.V1));
        routes.get(BASE + "/reloadClient").inline(exchange -> reloadClient(exchange, ApiVersion.V1));
        // The v3 admin API: the same in the envelope, the reloads by POST.
        routes.get(V3 + "/current").inline(exchange -> current(exchange, ApiVersion.V2));
        routes.get(V3 + "/cluster").inline(exchange -> cluster(exchange, ApiVersion.V2));
        routes.post(V3 + "/smartReloadCluster").inline(exchange -> smartReloadCluster(exchange, ApiVersion.V2));
        routes.post(V3 + "/reloadCurrent").inline(exchange -> reloadCurrent(exchange, ApiVersion.V2));
        routes.post(V3 + "/reloadClient").inline(exchange -> reloadClient(exchange, ApiVersion.V2));
    }

    /** Every connection of this node by id, with what the client said of itself. */
    private void current(HttpExchange exchange, ApiVersion version) {
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
        version.data(exchange, view);
    }

    /** The loader metrics of every member that answers within a second. */
    private void cluster(HttpExchange exchange, ApiVersion version) {
        clusterLoad.collect().whenComplete((loads, failure) -> {
            if (failure == null) {
                version.data(exchange, clusterLoad.summary(loads));
            } else {
                exchange.fail(failure);
            }
        });
    }

    /**
     * Moves SDK clients from members above the average connection count to members below it,
     * {@code loaderFactor} (default 0.1) being how far from the average counts; answers
     * {@code Ok}, or {@code Fail} when a member could not be asked.
     */
    private void smartReloadCluster(HttpExchange exchange, ApiVersion version) {
        String factor = exchange.param("loaderFactor");
        float loaderFactor;
        try {
            loaderFactor = factor == null || factor.isBlank() ? ClusterLoad.DEFAULT_FACTOR : Float.parseFloat(factor);
        } catch (NumberFormatException notANumber) {
            throw NacosException.badRequest("parameter 'loaderFactor' must be a number such as 0.1, got '"
                    + Shown.bounded(factor) + "'");
        }
        LOG.info("[loader] smart reload asked by {} with factor {}", exchange.clientIp(), loaderFactor);
        clusterLoad.rebalance(loaderFactor).whenComplete((agreed, failure) -> {
            if (failure == null) {
                version.text(exchange, agreed ? "Ok" : "Fail");
            } else {
                exchange.fail(failure);
            }
        });
    }

    /** Keeps {@code count} client connections and asks the rest to reconnect (to {@code redirectAddress} if given). */
    private void reloadCurrent(HttpExchange exchange, ApiVersion version) {
        long keep = exchange.requiredLongParam("count");
        connections.shedDownTo((int) Math.min(keep, Integer.MAX_VALUE), exchange.param("redirectAddress"));
        version.text(exchange, "success");
    }

    /** Asks one client to reconnect. */
    private void reloadClient(HttpExchange exchange, ApiVersion version) {
        String id = exchange.requiredParam("connectionId");
        Connection connection = connections.get(id);
        if (connection == null) {
            throw new NacosException(NacosException.NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND,
                    "connection " + id + " does not exist on this node; list them with GET " + BASE + "/current");
        }
        connections.reset(connection, exchange.param("redirectAddress"));
        version.text(exchange, "success");
    }
}
