package com.nacosx.naming.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.auth.Access;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.HttpForwarder;
import com.nacosx.core.http.ApiVersion;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.core.util.Futures;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.NamingSwitches;
import com.nacosx.naming.service.NamingQueries;
import org.springframework.stereotype.Component;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Operations, {@code /v1/ns/operator} (also at {@code /v1/ns/ops}): counts of what the registry
 * holds (the responsible counts leave out clients replicated from peers), push statistics, the
 * switches, and which node is responsible for a 1.x instance. A switch set without
 * {@code debug=true} is set on every member, as the official server replicates its switches.
 */
@Component
public class OperatorHttpApi implements HttpApi {

    private static final String DOUBLE_WRITE = "doubleWriteEnabled";

    private final NamingQueries queries;
    private final NamingSwitches switches;
    private final NamingProperties properties;
    private final UpgradeJudgement upgrade;
    private final ServerMemberManager members;
    private final HttpForwarder forwarder;

    public OperatorHttpApi(NamingQueries queries, NamingSwitches switches, NamingProperties properties,
            UpgradeJudgement upgrade, ServerMemberManager members, HttpForwarder forwarder) {
        this.queries = queries;
        this.switches = switches;
        this.properties = properties;
        this.upgrade = upgrade;
        this.members = members;
        this.forwarder = forwarder;
    }

    @Override
    public void register(HttpRoutes routes) {
        for (String base : new String[] {"/v1/ns/operator", "/v1/ns/ops"}) {
            register(routes, base, ApiVersion.V1);
            routes.get(base + "/push/state").inline(this::pushState);
            routes.get(base + "/distro/client").inline(exchange -> responsibleServer(exchange, ApiVersion.V1));
        }
        for (String base : new String[] {"/v2/ns/operator", "/v2/ns/ops", "/v3/admin/ns/ops"}) {
            register(routes, base, ApiVersion.V2);
        }
        // Which node is responsible for a 1.x client's instances (its ip and port), in the v3 admin API.
        routes.get("/v3/admin/ns/client/distro").inline(exchange -> responsibleServer(exchange, ApiVersion.V2));
    }

    private void register(HttpRoutes routes, String base, ApiVersion version) {
        routes.get(base + "/metrics").access(Access.signedIn()).inline(exchange -> version.data(exchange, metrics(exchange)));
        routes.get(base + "/switches").inline(exchange -> version.data(exchange, switches()));
        routes.put(base + "/switches").blocking(exchange -> {
            String entry = exchange.requiredParam("entry");
            String value = exchange.requiredParam("value");
            if (DOUBLE_WRITE.equals(entry)) {
                upgrade.setDoubleWriteEnabled(NamingSwitches.bool(entry, value));
            } else {
                switches.set(entry, value);
            }
            if (!exchange.boolParam("debug", false)) {
                setOnPeers(exchange);
            }
            version.ok(exchange);
        });
    }

    /** @throws NacosException 500 naming the members that did not take the switch */
    private void setOnPeers(HttpExchange exchange) {
        Map<String, List<String>> params = new LinkedHashMap<>(exchange.params());
        params.put("debug", List.of("true"));
        Map<String, CompletableFuture<String>> answers = new LinkedHashMap<>();
        for (Member peer : members.grpcPeers()) {
            answers.put(peer.address(), forwarder.ask(peer, "PUT", exchange.path(), params));
        }
        List<String> failed = new ArrayList<>();
        answers.forEach((address, answer) -> {
            try {
                answer.join();
            } catch (CompletionException e) {
                failed.add(address + " (" + Futures.causeOf(e).getMessage() + ")");
            }
        });
        if (!failed.isEmpty()) {
            throw new NacosException(NacosException.SERVER_ERROR, ErrorCode.SERVER_ERROR, "the switch is set here "
                    + "but not on " + String.join(", ", failed) + "; retry, or set it there with debug=true");
        }
    }

    /** Only the status unless {@code onlyStatus=false}, as the official server. */
    private Map<String, Object> metrics(HttpExchange exchange) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", "UP");
        if (!exchange.boolParam("onlyStatus", true)) {
            NamingQueries.Counts counts = queries.counts();
            body.put("serviceCount", counts.serviceCount());
            body.put("instanceCount", counts.instanceCount());
            body.put("subscribeCount", counts.subscribeCount());
            body.put("responsibleInstanceCount", counts.responsibleInstanceCount());
            body.put("clientCount", counts.clientCount());
            body.put("connectionBasedClientCount", counts.connectionBasedClientCount());
            body.put("ephemeralIpPortClientCount", counts.ephemeralIpPortClientCount());
            body.put("persistentIpPortClientCount", counts.persistentIpPortClientCount());
            body.put("responsibleClientCount", counts.responsibleClientCount());
            OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            Runtime runtime = Runtime.getRuntime();
            body.put("cpu", os.getAvailableProcessors());
            body.put("load", os.getSystemLoadAverage());
            body.put("mem", 1.0 - (double) runtime.freeMemory() / runtime.totalMemory());
        }
        return body;
    }

    private Map<String, Object> switches() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", "00-00---000-NACOS_SWITCH_DOMAIN-000---00-00");
        body.put("defaultPushCacheMillis", 10_000);
        body.put("clientBeatInterval", switches.clientBeatInterval());
        body.put("defaultCacheMillis", 3_000);
        body.put("distroThreshold", 0.7);
        body.put("healthCheckEnabled", switches.healthCheckEnabled());
        body.put("distroEnabled", true);
        body.put("enableStandalone", true);
        body.put("pushEnabled", switches.pushEnabled());
        body.put("checkTimes", 3);
        body.put("defaultInstanceEphemeral", true);
        body.put("lightBeatEnabled", switches.lightBeatEnabled());
        body.put(DOUBLE_WRITE, upgrade.isDoubleWriteEnabled());
        body.put("pushTaskDelay", properties.push().pushTaskDelay().toMillis());
        body.put("emptyServiceCleanInterval", properties.clean().emptyService().interval().toMillis());
        return body;
    }

    /** Which node is responsible for the 1.x instance at {@code ip:port}. */
    private void responsibleServer(HttpExchange exchange, ApiVersion version) {
        Member responsible = queries.responsible(NamingParams.ip(exchange), NamingParams.port(exchange));
        version.data(exchange, Map.of("responsibleServer", responsible.address()));
    }

    private void pushState(HttpExchange exchange) {
        NamingQueries.PushState state = queries.pushState();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("succeed", state.succeeded());
        body.put("total", state.total());
        body.put("ratio", state.total() == 0 ? 0 : (float) state.succeeded() / state.total());
        exchange.respondJson(body);
    }
}
