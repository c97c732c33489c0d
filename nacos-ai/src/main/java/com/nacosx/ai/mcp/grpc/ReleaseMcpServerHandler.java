package com.nacosx.ai.mcp.grpc;

import com.nacosx.ai.AiAccess;
import com.nacosx.ai.mcp.McpRelease;
import com.nacosx.ai.mcp.McpServers;
import com.nacosx.ai.mcp.McpSpecs;
import com.nacosx.ai.store.AiDocuments.Author;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ai.ReleaseMcpServerRequest;
import com.nacosx.api.remote.ai.ReleaseMcpServerResponse;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.stereotype.Component;

/**
 * Publishes an MCP server from the 3.x SDK: creates it or adds the version, which becomes the
 * latest when its {@code versionDetail.is_latest} says so. A remote server sent without endpoint
 * specification is served by the instances its endpoints register.
 */
@Component
public class ReleaseMcpServerHandler implements RequestHandler<ReleaseMcpServerRequest> {

    private final McpServers servers;

    public ReleaseMcpServerHandler(McpServers servers) {
        this.servers = servers;
    }

    @Override
    public Class<ReleaseMcpServerRequest> requestType() {
        return ReleaseMcpServerRequest.class;
    }

    @Override
    public Access<ReleaseMcpServerRequest> access() {
        return AiAccess.grpc(Action.WRITE, request -> request.namespaceId,
                request -> request.serverSpecification == null ? request.mcpName
                        : request.serverSpecification.path("name").asString(request.mcpName));
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public Response handle(ReleaseMcpServerRequest request, RequestMeta meta) {
        if (request.serverSpecification == null || request.serverSpecification.isNull()) {
            throw NacosException.missingParameter("serverSpecification");
        }
        McpRelease release = McpSpecs.of(request.mcpName, request.serverSpecification, request.toolSpecification,
                request.endpointSpecification, true);
        boolean latest = request.serverSpecification.path("versionDetail").path("is_latest").asBoolean(false);
        ReleaseMcpServerResponse response = new ReleaseMcpServerResponse();
        response.mcpId = servers.release(request.namespaceId, release, latest, new Author(meta.clientIp(), null));
        return response;
    }

    @Override
    public Response failure() {
        return new ReleaseMcpServerResponse();
    }
}
