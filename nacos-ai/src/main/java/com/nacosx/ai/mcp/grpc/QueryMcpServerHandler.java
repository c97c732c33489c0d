package com.nacosx.ai.mcp.grpc;

import com.nacosx.ai.AiAccess;
import com.nacosx.ai.mcp.McpServers;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ai.QueryMcpServerRequest;
import com.nacosx.api.remote.ai.QueryMcpServerResponse;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.stereotype.Component;

/** An MCP server's detail for the 3.x SDK, which asks again every few seconds while subscribed. */
@Component
public class QueryMcpServerHandler implements RequestHandler<QueryMcpServerRequest> {

    private final McpServers servers;

    public QueryMcpServerHandler(McpServers servers) {
        this.servers = servers;
    }

    @Override
    public Class<QueryMcpServerRequest> requestType() {
        return QueryMcpServerRequest.class;
    }

    @Override
    public Access<QueryMcpServerRequest> access() {
        return AiAccess.grpc(Action.READ, request -> request.namespaceId, request -> request.mcpName);
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public Response handle(QueryMcpServerRequest request, RequestMeta meta) {
        if (request.mcpName == null || request.mcpName.isBlank()) {
            throw NacosException.badRequest("parameters `mcpName` can't be empty or null");
        }
        QueryMcpServerResponse response = new QueryMcpServerResponse();
        response.mcpServerDetailInfo = servers.detail(request.namespaceId, null, request.mcpName, request.version);
        return response;
    }

    @Override
    public Response failure() {
        return new QueryMcpServerResponse();
    }
}
