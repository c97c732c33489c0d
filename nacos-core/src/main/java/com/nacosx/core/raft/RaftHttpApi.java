package com.nacosx.core.raft;

import com.alipay.sofa.jraft.Status;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import com.nacosx.core.http.RestResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;

/**
 * The Raft groups of this node: {@code GET /v1/core/raft} lists each group with its leader, term,
 * role, peers and log indexes; {@code POST /v1/core/ops/raft} runs an operator command as the
 * official server does, given as a JSON body or as parameters: {@code groupId}, {@code command}
 * ({@code doSnapshot} or {@code transferLeader}) and {@code value} (the new leader, ip:raftPort);
 * {@code POST /v2/core/ops/raft} is the same.
 */
@Component
public class RaftHttpApi implements HttpApi {

    private static final long SNAPSHOT_TIMEOUT_SECONDS = 60;

    private final RaftGroups groups;

    public RaftHttpApi(RaftGroups groups) {
        this.groups = groups;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get("/v1/core/raft").inline(exchange -> exchange.respondJson(RestResult.ok(groups.status())));
        routes.post("/v1/core/ops/raft").blocking(this::operate);
        routes.post("/v2/core/ops/raft").blocking(this::operate);
        routes.post("/v3/admin/core/ops/raft").blocking(this::operate);
        // Row ids come from the store's identity columns, assigned in the Raft log's order on every
        // node, so there are no snowflake generators to show.
        routes.get("/v2/core/ops/ids").inline(exchange -> exchange.respondJson(RestResult.ok(List.of())));
        routes.get("/v3/admin/core/ops/ids").inline(exchange -> exchange.respondJson(ApiResult.success(List.of())));
    }

    private void operate(HttpExchange exchange) throws Exception {
        Map<String, String> command = commandOf(exchange);
        String group = required(command, "groupId");
        String name = required(command, "command");
        Status status = switch (name) {
            case "doSnapshot" -> groups.snapshot(group).get(SNAPSHOT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            case "transferLeader" -> groups.transferLeader(group, required(command, "value"));
            default -> throw NacosException.badRequest("unknown Raft command '" + name
                    + "'; use doSnapshot or transferLeader");
        };
        exchange.respondJson(status.isOk() ? RestResult.ok(null) : RestResult.failed(500, status.getErrorMsg()));
    }

    private static Map<String, String> commandOf(HttpExchange exchange) {
        if (exchange.jsonBody() != null) {
            return Json.readBody(exchange.jsonBody(), new TypeReference<Map<String, String>>() { }, "the Raft command");
        }
        Map<String, String> command = new LinkedHashMap<>();
        for (String name : new String[] {"groupId", "command", "value"}) {
            if (exchange.param(name) != null) {
                command.put(name, exchange.param(name));
            }
        }
        return command;
    }

    private static String required(Map<String, String> command, String name) {
        String value = command.get(name);
        if (value == null || value.isBlank()) {
            throw NacosException.missingParameter(name);
        }
        return value.trim();
    }
}
