package com.nacosx.core.cluster;

import com.nacosx.api.remote.cluster.MemberInfo;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.RestResult;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * The members as the official API shows them, in {@code {"code":200,"message":null,"data":...}}:
 * {@code /v1/core/cluster/nodes} (optionally {@code ?keyword=} on the address),
 * {@code /nodes/self}, {@code /nodes/self/health}.
 */
@Component
public class ClusterHttpApi implements HttpApi {

    private static final String BASE = "/v1/core/cluster";

    private final ServerMemberManager members;

    public ClusterHttpApi(ServerMemberManager members) {
        this.members = members;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(BASE + "/nodes").inline(exchange -> {
            String keyword = exchange.param("keyword");
            List<MemberInfo> nodes = members.all().stream()
                    .filter(member -> keyword == null || member.address().contains(keyword))
                    .map(Member::toInfo).toList();
            exchange.respondJson(RestResult.ok(nodes));
        });
        routes.get(BASE + "/nodes/self").inline(
                exchange -> exchange.respondJson(RestResult.ok(members.self().toInfo())));
        routes.get(BASE + "/nodes/self/health").inline(
                exchange -> exchange.respondJson(RestResult.ok(members.self().state().name())));
    }
}
