package com.nacosx.naming.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.ApiVersion;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import com.nacosx.naming.distro.DistroForwarder;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.Selection;
import com.nacosx.naming.service.InstancePatch;
import com.nacosx.naming.service.InstanceService;
import com.nacosx.naming.service.NamingQueries;
import com.nacosx.naming.service.ServiceService;
import io.netty.handler.codec.http.HttpHeaderNames;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Instances over the 1.x Open API, {@code /v1/ns/instance}, and the v2 one, {@code /v2/ns/instance}
 * (the same parameters; answers in the v2 envelope, except the beat, the patch and the statuses,
 * which the official answers bare on both). An instance written over HTTP belongs to the client
 * {@code ip:port#ephemeral}; ephemeral writes stay in memory and run on the event loop (in a
 * cluster, on the instance's responsible node: others pass them on), persistent ones
 * ({@code ephemeral=false}) reach the disk first and run on the worker pool.
 */
@Component
public class InstanceHttpApi implements HttpApi {

    private static final String INSTANCE = "/v1/ns/instance";
    private static final String V2 = "/v2/ns/instance";
    private static final String V3_ADMIN = "/v3/admin/ns/instance";
    private static final String V3_CLIENT = "/v3/client/ns/instance";
    private static final int BEAT_OK = 10200;
    private static final int BEAT_UNKNOWN_INSTANCE = 20404;
    private static final Access<HttpExchange> READ = HttpAccess.naming(Action.READ);
    private static final Access<HttpExchange> WRITE = HttpAccess.naming(Action.WRITE);
    private static final Pattern IP_LITERAL = Pattern.compile(
            "((25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1?\\d?\\d)|[0-9a-fA-F:.%]*:[0-9a-fA-F:.%]*");

    /** The beat body of the 1.4 client: the instance it keeps alive. */
    record BeatInfo(String ip, Integer port, Double weight, String cluster, String serviceName,
                    Map<String, String> metadata) {
    }

    private final InstanceService instances;
    private final ServiceService services;
    private final NamingQueries queries;
    private final DistroForwarder forwarder;

    public InstanceHttpApi(InstanceService instances, ServiceService services, NamingQueries queries,
            DistroForwarder forwarder) {
        this.instances = instances;
        this.services = services;
        this.queries = queries;
        this.forwarder = forwarder;
    }

    @Override
    public void register(HttpRoutes routes) {
        register(routes, INSTANCE, ApiVersion.V1);
        register(routes, V2, ApiVersion.V2);
        // The v3 admin API takes v2's parameters and answers in the same envelope; its list is the
        // instances alone, and its partial update is v1's PATCH. The v3 client API is the admin's
        // register, deregister and list for clients without an SDK.
        register(routes, V3_ADMIN, ApiVersion.V2);
        routes.put(V3_ADMIN + "/partial").access(WRITE).tps("NamingInstanceUpdate").blocking(this::patch);
        routes.get(V3_ADMIN + "/list").access(READ).tps("NamingInstanceQuery").inline(this::allHostsV3);
        routes.get(V3_CLIENT + "/list").access(READ).tps("NamingInstanceQuery").inline(this::servedHostsV3);
        routes.post(V3_CLIENT).access(WRITE).tps("NamingInstanceRegister")
                .inline(exchange -> register(exchange, ApiVersion.V2));
        routes.delete(V3_CLIENT).access(WRITE).tps("NamingInstanceDeregister")
                .inline(exchange -> deregister(exchange, ApiVersion.V2));
        routes.get(INSTANCE + "/list").access(READ).tps("NamingInstanceQuery")
                .inline(exchange -> list(exchange, exchange.param("clusters"), ApiVersion.V1));
        routes.get(V2 + "/list").access(READ).tps("NamingInstanceQuery")
                .inline(exchange -> list(exchange, exchange.param("clusterName"), ApiVersion.V2));
        routes.get(INSTANCE + "/statuses").access(READ)
                .inline(exchange -> statuses(exchange, exchange.requiredParam("key")));
        routes.get(V2 + "/statuses/{key}").access(READ)
                .inline(exchange -> statuses(exchange, exchange.pathVariable("key")));
    }

    private void register(HttpRoutes routes, String path, ApiVersion version) {
        routes.post(path).access(WRITE).tps("NamingInstanceRegister").inline(exchange -> register(exchange, version));
        routes.post(path).access(WRITE).tps("NamingInstanceRegister").when("ephemeral", "false")
                .blocking(exchange -> register(exchange, version));
        routes.delete(path).access(WRITE).tps("NamingInstanceDeregister")
                .inline(exchange -> deregister(exchange, version));
        routes.delete(path).access(WRITE).tps("NamingInstanceDeregister").when("ephemeral", "false")
                .blocking(exchange -> deregister(exchange, version));
        routes.put(path).access(WRITE).tps("NamingInstanceUpdate").inline(exchange -> update(exchange, version));
        routes.put(path).access(WRITE).tps("NamingInstanceUpdate").when("ephemeral", "false")
                .blocking(exchange -> update(exchange, version));
        routes.patch(path).access(WRITE).tps("NamingInstanceUpdate").blocking(this::patch);
        routes.get(path).access(READ).inline(exchange -> detail(exchange, version));
        routes.put(path + "/beat").access(WRITE).tps("HttpHealthCheck").inline(this::beat);
        routes.put(path + "/metadata/batch").access(WRITE).tps("NamingInstanceMetadataUpdate")
                .blocking(exchange -> changeMetadata(exchange, false, version));
        routes.delete(path + "/metadata/batch").access(WRITE).tps("NamingInstanceMetadataUpdate")
                .blocking(exchange -> changeMetadata(exchange, true, version));
    }

    /**
     * The instance list of a service no one registers: refused 503 while the node loads, as every
     * client's 1.x naming request is, and answered an empty list after; the paths a restarted
     * node's first clients take.
     */
    @Override
    public List<String> warmUpRequests() {
        return List.of(INSTANCE + "/list?serviceName=nacos.http.warm-up");
    }

    /** An instance named in the {@code instances} list of a batch metadata change. */
    record Target(String ip, Integer port, String clusterName) {
    }

    /**
     * Merges {@code metadata} into the listed instances (all of the service's when there is no
     * list), or with {@code remove} drops its keys; {@code consistencyType=persist} picks the
     * persistent instances. An unreadable list is refused, where the official would change every
     * instance of the service.
     */
    private void changeMetadata(HttpExchange exchange, boolean remove, ApiVersion version) {
        ServiceKey key = NamingParams.service(exchange);
        String metadata = exchange.param("metadata");
        if (metadata == null || metadata.isBlank()) {
            throw NacosException.missingParameter("metadata");
        }
        boolean ephemeral = !"persist".equals(exchange.param("consistencyType"));
        List<InstanceRecord> targets = targets(exchange.param("instances"), ephemeral);
        List<String> changed = instances.changeMetadata(key, ephemeral, targets, NamingParams.metadata(metadata),
                remove);
        version.data(exchange, Map.of("updated", changed));
    }

    private static List<InstanceRecord> targets(String text, boolean ephemeral) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        List<Target> listed = Json.read(text, new TypeReference<List<Target>>() { }, "instances");
        if (listed == null || listed.stream().anyMatch(t -> t == null || t.ip() == null || t.port() == null)) {
            throw NacosException.badRequest("Param 'instances' is illegal: give a JSON list such as "
                    + "[{\"ip\":\"10.0.0.1\",\"port\":8080,\"clusterName\":\"DEFAULT\"}]");
        }
        return listed.stream().map(target -> new InstanceRecord(target.ip(), target.port(), target.clusterName(), 1.0,
                true, true, ephemeral, Map.of())).toList();
    }

    private void register(HttpExchange exchange, ApiVersion version) {
        ServiceKey key = NamingParams.service(exchange);
        InstanceRecord instance = NamingParams.instance(exchange);
        forwarder.serveOrPassOn(exchange, key, instance.ip(), instance.port(), instance.ephemeral(), () -> {
            instances.register(key, instance);
            version.ok(exchange);
        });
    }

    private void deregister(HttpExchange exchange, ApiVersion version) {
        ServiceKey key = NamingParams.service(exchange);
        String ip = NamingParams.ip(exchange);
        int port = NamingParams.port(exchange);
        String cluster = NamingParams.cluster(exchange);
        boolean ephemeral = NamingParams.ephemeral(exchange);
        forwarder.serveOrPassOn(exchange, key, ip, port, ephemeral, () -> {
            instances.deregister(key, ip, port, cluster, ephemeral);
            version.ok(exchange);
        });
    }

    private void update(HttpExchange exchange, ApiVersion version) {
        ServiceKey key = NamingParams.service(exchange);
        InstanceRecord instance = NamingParams.instance(exchange);
        forwarder.serveOrPassOn(exchange, key, instance.ip(), instance.port(), instance.ephemeral(), () -> {
            instances.update(key, instance);
            version.ok(exchange);
        });
    }

    /** Changes only the fields given; the instance may be ephemeral or persistent. */
    private void patch(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        String ip = NamingParams.ip(exchange);
        int port = NamingParams.port(exchange);
        String cluster = NamingParams.cluster(exchange);
        InstanceRecord current = queries.find(key, ip, port, cluster);
        String metadata = exchange.param("metadata");
        InstancePatch patch = new InstancePatch(NamingParams.optionalWeight(exchange),
                NamingParams.optionalBool(exchange, "healthy"), NamingParams.optionalBool(exchange, "enabled"),
                metadata == null || metadata.isBlank() ? null : NamingParams.metadata(metadata));
        forwarder.serveOrPassOn(exchange, key, ip, port, current != null && current.ephemeral(), () -> {
            instances.patch(key, ip, port, cluster, patch);
            exchange.respondText(200, "ok");
        });
    }

    /** One instance; the service's name is {@code service} in the 1.x body, {@code serviceName} in the v2 one. */
    private void detail(HttpExchange exchange, ApiVersion version) {
        ServiceKey key = NamingParams.service(exchange);
        String ip = NamingParams.ip(exchange);
        int port = NamingParams.port(exchange);
        String cluster = NamingParams.cluster(exchange);
        if (queries.service(key) == null) {
            throw new NacosException(NacosException.NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND,
                    "no ips found for cluster " + cluster + " in service " + key.grouped());
        }
        InstanceRecord instance = queries.find(key, ip, port, cluster);
        if (instance == null) {
            throw new NacosException(NacosException.NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND, "no matched ip found!");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put(version == ApiVersion.V1 ? "service" : "serviceName", key.grouped());
        body.put("ip", ip);
        body.put("port", port);
        body.put("clusterName", cluster);
        body.put("weight", instance.weight());
        body.put("healthy", instance.healthy());
        body.put("instanceId", instance.toApi(key).instanceId);
        body.put("metadata", instance.metadata());
        version.data(exchange, body);
    }

    /** The service's hosts; a 1.x client giving {@code udpPort} and {@code clientIP} is pushed changes over UDP. */
    private void list(HttpExchange exchange, String clusters, ApiVersion version) {
        ServiceKey key = NamingParams.service(exchange);
        int udpPort = exchange.intParam("udpPort", 0);
        String clientIp = exchange.param("clientIP");
        if (udpPort > 0 && udpPort <= 65535 && clientIp != null && !clientIp.isBlank()) {
            // Only an address literal: a host name would be looked up on the event loop.
            InetSocketAddress address = IP_LITERAL.matcher(clientIp.trim()).matches()
                    ? new InetSocketAddress(clientIp.trim(), udpPort) : null;
            if (address == null || address.isUnresolved()) {
                throw NacosException.badRequest("Param 'clientIP' is illegal: '" + clientIp
                        + "'; give the IP address the client receives UDP pushes on");
            }
            services.seenUdpSubscriber(key, address, clusters, exchange.header(HttpHeaderNames.USER_AGENT));
        }
        String consumer = clientIp != null && !clientIp.isBlank() ? clientIp.trim()
                : exchange.param("ip") != null ? exchange.param("ip") : exchange.clientIp();
        version.json(exchange, queries.select(key,
                new Selection(clusters, exchange.boolParam("healthyOnly", false), true), consumer).json());
    }

    /**
     * What an operator sees: every instance of {@code clusterName} (all clusters when absent),
     * taken offline ones too, or only the healthy ones.
     */
    private void allHostsV3(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        String cluster = exchange.param("clusterName");
        boolean healthyOnly = exchange.boolParam("healthyOnly", false);
        exchange.respondJson(ApiResult.success(queries.hosts(key).stream()
                .filter(host -> cluster == null || cluster.isBlank() || cluster.equals(host.clusterName))
                .filter(host -> !healthyOnly || host.healthy)
                .toList()));
    }

    /** What a client is served, as an SDK would be: the enabled instances, with the protect threshold applied. */
    private void servedHostsV3(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        Selection selection = new Selection(exchange.param("clusterName"),
                exchange.boolParam("healthyOnly", false), false);
        exchange.respondJson(ApiResult.success(queries.select(key, selection, exchange.clientIp()).info().hosts));
    }

    /**
     * A 1.x client's heartbeat. A light beat (no {@code beat} body) for an instance the server does
     * not know answers 20404, and the client registers again; a full beat registers it at once (a
     * starting node's answer: see {@link InstanceService#beat}). A beat another node of ours is
     * responsible for is answered here when this node holds the instance, and reaches that node a
     * moment later; otherwise it is passed on and that node answers, or this one when that node
     * does not serve it.
     */
    private void beat(HttpExchange exchange) {
        ServiceKey key = NamingParams.service(exchange);
        String beatJson = exchange.param("beat");
        BeatInfo beat = beatJson == null || beatJson.isBlank() ? null : Json.read(beatJson, BeatInfo.class, "beat");
        String ip = beat != null && beat.ip() != null ? beat.ip() : NamingParams.ip(exchange);
        int port = beat != null && beat.port() != null ? beat.port() : NamingParams.port(exchange);
        String cluster = beat != null && beat.cluster() != null && !beat.cluster().isBlank() ? beat.cluster()
                : NamingParams.cluster(exchange);
        InstanceRecord registerIfUnknown = beat == null ? null : new InstanceRecord(ip, port, cluster,
                beat.weight() == null ? 0.0D : beat.weight(), true, true, true, beat.metadata());
        Runnable serveHere = () -> answerBeat(exchange,
                instances.beat(key, ip, port, registerIfUnknown, forwarder.sentAt(exchange)));
        Member responsible = forwarder.beatResponsible(exchange, key, ip, port);
        if (responsible == null) {
            serveHere.run();
            return;
        }
        // An official 1.x node answers its beats itself.
        InstanceService.BeatAnswer held = responsible.isLegacy() ? null : instances.heldBeat(key, ip, port);
        if (held == null) {
            forwarder.passOnOrServe(exchange, responsible, serveHere);
            return;
        }
        forwarder.passOnAnswered(exchange, responsible);
        answerBeat(exchange, held);
    }

    private static void answerBeat(HttpExchange exchange, InstanceService.BeatAnswer answer) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("clientBeatInterval", answer.clientBeatInterval());
        body.put("code", answer.known() ? BEAT_OK : BEAT_UNKNOWN_INSTANCE);
        body.put("lightBeatEnabled", answer.lightBeatEnabled());
        exchange.respondJson(body);
    }

    /**
     * {@code key=[namespace##]group@@service}: each instance as {@code ip:port_healthy}, which peers
     * of a 1.x cluster compare.
     */
    private void statuses(HttpExchange exchange, String keyText) {
        int separator = keyText.indexOf("##");
        String namespace = separator < 0 ? null : keyText.substring(0, separator);
        String grouped = separator < 0 ? keyText : keyText.substring(separator + 2);
        if (!grouped.contains("@@")) {
            throw NacosException.badRequest("Param 'key' is illegal: '" + keyText
                    + "'; it should be [namespace##]groupName@@serviceName");
        }
        ServiceKey key = ServiceKey.of(namespace, null, grouped);
        exchange.respondJson(Map.of("ips", queries.statuses(key)));
    }
}
