package com.nacosx.naming.http;

import com.nacosx.core.auth.Access;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.naming.distro.DistroMapper;
import com.nacosx.naming.distro.legacy.LegacyDistro;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.service.NamingQueries;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code GET /v1/ns/upgrade/ops/metrics[?json=true]}: where a rolling upgrade from 1.x stands on
 * this node, with the official server's names (aligned text by default, JSON on request). This
 * server keeps one naming model for 1.x and 2.x clients, so its "V1" and "V2" counts agree by
 * construction; the queue is the changes not yet sent to official 1.x members. It adds each
 * member's {@code readyToUpgrade}.
 */
@Component
public class UpgradeOpsHttpApi implements HttpApi {

    private final UpgradeJudgement upgrade;
    private final LegacyDistro legacyDistro;
    private final NamingQueries queries;
    private final DistroMapper mapper;
    private final ServerMemberManager members;

    public UpgradeOpsHttpApi(UpgradeJudgement upgrade, LegacyDistro legacyDistro, NamingQueries queries,
            DistroMapper mapper, ServerMemberManager members) {
        this.upgrade = upgrade;
        this.legacyDistro = legacyDistro;
        this.queries = queries;
        this.mapper = mapper;
        this.members = members;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get("/v1/ns/upgrade/ops/metrics").access(Access.signedIn()).inline(this::metrics);
    }

    private void metrics(HttpExchange exchange) {
        Map<String, Object> metrics = metrics();
        if (exchange.boolParam("json", false)) {
            exchange.respondJson(metrics);
            return;
        }
        StringBuilder text = new StringBuilder();
        metrics.forEach((name, value) -> {
            text.append(String.format("%-30s = ", name));
            if (value instanceof Integer || value instanceof Long) {
                text.append(String.format("%5d", ((Number) value).longValue()));
            } else {
                text.append(value instanceof String || value instanceof Boolean ? value.toString()
                        : Json.text(value));
            }
            text.append('\n');
        });
        exchange.respondText(200, text.toString());
    }

    private Map<String, Object> metrics() {
        int ephemeralServices = 0;
        int persistentServices = 0;
        int ephemeralInstances = 0;
        int persistentInstances = 0;
        int responsibleServices = 0;
        int responsibleInstances = 0;
        for (RegisteredService service : queries.all()) {
            int instances = service.instanceCount();
            if (service.ephemeral()) {
                ephemeralServices++;
                ephemeralInstances += instances;
            } else {
                persistentServices++;
                persistentInstances += instances;
            }
            if (mapper.isSelf(mapper.ownerAs1x(service.key()))) {
                responsibleServices++;
                responsibleInstances += instances;
            }
        }
        NamingQueries.Counts counts = queries.counts();
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("upgraded", upgrade.isUseGrpcFeatures());
        metrics.put("isAll20XVersion", upgrade.isAll20XVersion());
        metrics.put("isDoubleWriteEnabled", upgrade.isDoubleWriteEnabled());
        metrics.put("doubleWriteDelayTaskCount", legacyDistro.pending());
        metrics.put("serviceCountV1", counts.serviceCount());
        metrics.put("instanceCountV1", counts.instanceCount());
        metrics.put("serviceCountV2", counts.serviceCount());
        metrics.put("instanceCountV2", counts.instanceCount());
        metrics.put("subscribeCountV2", counts.subscribeCount());
        metrics.put("responsibleServiceCountV1", responsibleServices);
        metrics.put("responsibleInstanceCountV1", responsibleInstances);
        metrics.put("ephemeralServiceCountV2", ephemeralServices);
        metrics.put("persistentServiceCountV2", persistentServices);
        metrics.put("ephemeralInstanceCountV2", ephemeralInstances);
        metrics.put("persistentInstanceCountV2", persistentInstances);
        metrics.put("service.V1.not.in.V2", "");
        metrics.put("service.V2.not.in.V1", "");
        Map<String, Object> readiness = new TreeMap<>();
        for (Member member : members.all()) {
            Object ready = member.extendInfo().get("readyToUpgrade");
            readiness.put(member.address(), ready == null ? "unknown (a 1.x node does not say)" : ready);
        }
        metrics.put("readyToUpgrade", readiness);
        return metrics;
    }
}
