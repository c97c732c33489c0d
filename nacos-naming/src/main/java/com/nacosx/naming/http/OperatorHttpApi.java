package com.nacosx.naming.http;

import com.nacosx.core.auth.Access;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.http.ApiVersion;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.NamingSwitches;
import com.nacosx.naming.distro.DistroMapper;
import com.nacosx.naming.push.GrpcSubscribers;
import com.nacosx.naming.push.PushScheduler;
import com.nacosx.naming.push.UdpPusher;
import com.nacosx.naming.push.UdpSubscribers;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import org.springframework.stereotype.Component;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Operations, {@code /v1/ns/operator} (also at {@code /v1/ns/ops}): counts of what the registry
 * holds (the responsible counts leave out clients replicated from peers), push statistics, the
 * switches, and which node is responsible for a 1.x instance.
 */
@Component
public class OperatorHttpApi implements HttpApi {

    private final ServiceRegistry registry;
    private final GrpcSubscribers grpcSubscribers;
    private final UdpSubscribers udpSubscribers;
    private final PushScheduler pushes;
    private final UdpPusher udpPusher;
    private final NamingSwitches switches;
    private final NamingProperties properties;
    private final DistroMapper distroMapper;

    public OperatorHttpApi(ServiceRegistry registry, GrpcSubscribers grpcSubscribers, UdpSubscribers udpSubscribers,
            PushScheduler pushes, UdpPusher udpPusher, NamingSwitches switches, NamingProperties properties,
            DistroMapper distroMapper) {
        this.registry = registry;
        this.grpcSubscribers = grpcSubscribers;
        this.udpSubscribers = udpSubscribers;
        this.pushes = pushes;
        this.udpPusher = udpPusher;
        this.switches = switches;
        this.properties = properties;
        this.distroMapper = distroMapper;
    }

    @Override
    public void register(HttpRoutes routes) {
        for (String base : new String[] {"/v1/ns/operator", "/v1/ns/ops"}) {
            register(routes, base, ApiVersion.V1);
            routes.get(base + "/push/state").inline(this::pushState);
            routes.get(base + "/distro/client").inline(this::responsibleServer);
        }
        for (String base : new String[] {"/v2/ns/operator", "/v2/ns/ops"}) {
            register(routes, base, ApiVersion.V2);
        }
    }

    private void register(HttpRoutes routes, String base, ApiVersion version) {
        routes.get(base + "/metrics").access(Access.signedIn()).inline(exchange -> version.data(exchange, metrics(exchange)));
        routes.get(base + "/switches").inline(exchange -> version.data(exchange, switches()));
        routes.put(base + "/switches").inline(exchange -> {
            switches.set(exchange.requiredParam("entry"), exchange.requiredParam("value"));
            version.ok(exchange);
        });
    }

    /** Only the status unless {@code onlyStatus=false}, as the official server. */
    private Map<String, Object> metrics(HttpExchange exchange) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", "UP");
        if (!NamingParams.bool(exchange, "onlyStatus", true)) {
            int instances = 0;
            int responsibleInstances = 0;
            for (RegisteredService service : registry.all()) {
                for (Map.Entry<String, Publication> entry : service.publications().entrySet()) {
                    int count = entry.getValue().instances().size();
                    instances += count;
                    if (!registry.isRemote(entry.getKey())) {
                        responsibleInstances += count;
                    }
                }
            }
            int responsibleClients = 0;
            int ephemeralIpPort = 0;
            int persistentIpPort = 0;
            for (String clientId : registry.clientIds()) {
                if (!registry.isRemote(clientId)) {
                    responsibleClients++;
                }
                if (ClientIds.isBeating(clientId)) {
                    ephemeralIpPort++;
                } else if (ClientIds.isPersistent(clientId)) {
                    persistentIpPort++;
                }
            }
            int clients = registry.clientCount();
            body.put("serviceCount", registry.all().size());
            body.put("instanceCount", instances);
            body.put("subscribeCount", grpcSubscribers.count() + udpSubscribers.count());
            body.put("responsibleInstanceCount", responsibleInstances);
            body.put("clientCount", clients);
            body.put("connectionBasedClientCount", clients - ephemeralIpPort - persistentIpPort);
            body.put("ephemeralIpPortClientCount", ephemeralIpPort);
            body.put("persistentIpPortClientCount", persistentIpPort);
            body.put("responsibleClientCount", responsibleClients);
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
        body.put("pushTaskDelay", properties.push().pushTaskDelay().toMillis());
        body.put("emptyServiceCleanInterval", properties.clean().emptyService().interval().toMillis());
        return body;
    }

    /** Which node is responsible for the 1.x instance at {@code ip:port}. */
    private void responsibleServer(HttpExchange exchange) {
        Member responsible = distroMapper.responsible(NamingParams.ip(exchange), NamingParams.port(exchange));
        exchange.respondJson(Map.of("responsibleServer", responsible.address()));
    }

    private void pushState(HttpExchange exchange) {
        long succeeded = pushes.pushedCount() + udpPusher.ackedCount();
        long total = succeeded + pushes.failedCount() + udpPusher.failedCount();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("succeed", succeeded);
        body.put("total", total);
        body.put("ratio", total == 0 ? 0 : (float) succeeded / total);
        exchange.respondJson(body);
    }
}
