package com.nacosx.core.cluster;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.api.remote.cluster.MemberInfo;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import com.nacosx.core.http.RestResult;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The members as the official API shows them. The 1.x paths under {@code /v1/core/cluster}
 * answer in {@code {"code":200,"message":null,"data":...}}; the v2 paths under
 * {@code /v2/core/cluster} in the v2 envelope {@code {"code":0,"message":"success","data":...}}.
 * Members leave by being taken out of the member list, never through the API: the official's
 * leave and delete endpoints answer 405, and so do ours. {@code POST /v1/core/cluster/report} is how
 * official 1.x nodes report themselves (they have no cluster gRPC port); only members use it.
 */
@Component
public class ClusterHttpApi implements HttpApi {

    private static final String V1 = "/v1/core/cluster";
    private static final String V2 = "/v2/core/cluster";
    private static final String V3 = "/v3/admin/core/cluster";
    /** The official node states; ours never reports ISOLATION, so filtering by it finds none. */
    private static final Set<String> STATES = Set.of("STARTING", "UP", "SUSPICIOUS", "DOWN", "ISOLATION");

    private final ServerMemberManager members;

    public ClusterHttpApi(ServerMemberManager members) {
        this.members = members;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(V1 + "/self").inline(exchange -> exchange.respondJson(RestResult.ok(members.self().toInfo())));
        routes.get(V1 + "/health").inline(exchange -> exchange.respondJson(RestResult.ok(health())));
        routes.get(V1 + "/nodes").inline(exchange -> exchange.respondJson(RestResult.ok(
                nodes(addressStartsWith(exchange.param("keyword"))))));
        routes.get(V1 + "/simple/nodes").inline(exchange -> exchange.respondJson(RestResult.ok(
                members.all().stream().map(Member::address).toList())));
        routes.post(MemberReporter.HTTP_REPORT_PATH).inline(this::report);
        routes.post(V1 + "/server/leave").inline(exchange -> exchange.respondJson(RestResult.failed(405,
                "/v1/core/cluster/server/leave API not allow to use temporarily.")));

        // The v2 Open API and the v3 admin API answer alike.
        for (String base : new String[] {V2, V3}) {
            routes.get(base + "/node/self").inline(exchange -> exchange.respondJson(
                    ApiResult.success(members.self().toInfo())));
            routes.get(base + "/node/self/health").inline(exchange -> exchange.respondJson(ApiResult.success(health())));
            routes.get(base + "/node/list").inline(exchange -> exchange.respondJson(ApiResult.success(nodes(
                    addressStartsWith(exchange.param("address")).and(inState(exchange.param("state")))))));
            routes.put(base + "/node/list").inline(this::updateNodes);
            routes.put(base + "/lookup").inline(this::switchLookup);
        }
        routes.delete(V2 + "/nodes").inline(exchange -> exchange.respondJson(RestResult.failed(405,
                "DELETE /v2/core/cluster/nodes API not allow to use temporarily.")));
    }

    private String health() {
        return members.self().state().name();
    }

    private List<MemberInfo> nodes(Predicate<Member> wanted) {
        return members.all().stream().filter(wanted).map(Member::toInfo).toList();
    }

    private static Predicate<Member> addressStartsWith(String prefix) {
        return member -> prefix == null || prefix.isBlank() || member.address().startsWith(prefix);
    }

    private static Predicate<Member> inState(String state) {
        if (state == null || state.isBlank()) {
            return member -> true;
        }
        String name = state.toUpperCase(Locale.ROOT);
        if (!STATES.contains(name)) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.ILLEGAL_STATE, "Illegal state: "
                    + Shown.bounded(state));
        }
        return member -> member.state().name().equals(name);
    }

    /**
     * Peers sent as a JSON list are marked UP whatever state the list names, as the official does;
     * unknown or malformed ones are skipped.
     */
    private void updateNodes(HttpExchange exchange) {
        List<MemberInfo> nodes = exchange.jsonBody() == null || exchange.jsonBody().isBlank() ? List.of()
                : Json.read(exchange.jsonBody(), new TypeReference<List<MemberInfo>>() { }, "the node list");
        if (nodes == null || nodes.isEmpty()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "required parameter 'nodes' is missing");
        }
        nodes.stream().filter(node -> node != null && node.ip != null && !node.ip.isBlank() && node.port > 0)
                .forEach(node -> {
                    node.state = NodeState.UP.name();
                    members.reported(node);
                });
        exchange.respondJson(ApiResult.success(true));
    }

    /**
     * A peer's report of itself over HTTP, as official 1.x nodes send it every 2 s: a known member
     * is in the state it reports (an unknown one changes nothing), and the answer is this node's
     * own description.
     */
    private void report(HttpExchange exchange) {
        MemberInfo node = exchange.jsonBody() == null || exchange.jsonBody().isBlank() ? null
                : Json.read(exchange.jsonBody(), MemberInfo.class, "the reporting node");
        if (node == null || node.ip == null || node.ip.isBlank() || node.port <= 0) {
            exchange.respondJson(RestResult.failed(400, "Node information is illegal: the body must be the reporting"
                    + " node's JSON with its ip and port"));
            return;
        }
        exchange.respondJson(RestResult.ok(Json.text(members.reported(node))));
    }

    private void switchLookup(HttpExchange exchange) {
        String type = exchange.param("type");
        if (type == null || type.isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "required parameter 'type' is missing");
        }
        members.switchLookup(type.trim());
        exchange.respondJson(ApiResult.success(true));
    }
}
