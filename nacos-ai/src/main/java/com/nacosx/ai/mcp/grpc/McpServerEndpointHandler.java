package com.nacosx.ai.mcp.grpc;

import com.nacosx.ai.AiAccess;
import com.nacosx.ai.mcp.McpServers;
import com.nacosx.ai.mcp.McpServers.EndpointService;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.NamingNames;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ai.McpServerEndpointRequest;
import com.nacosx.api.remote.ai.McpServerEndpointResponse;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.service.InstanceService;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Registers an address serving an MCP server version as an ephemeral instance of the service the
 * version's endpoints go into (for an {@code http} server, its first REF frontend's), owned by the
 * sending connection: it leaves when the connection closes.
 */
@Component
public class McpServerEndpointHandler implements RequestHandler<McpServerEndpointRequest> {

    private static final Logger LOG = LoggerFactory.getLogger(McpServerEndpointHandler.class);
    private static final String VERSION_TAG = "_mcp_server_version";

    private final McpServers servers;
    private final InstanceService instances;

    public McpServerEndpointHandler(McpServers servers, InstanceService instances) {
        this.servers = servers;
        this.instances = instances;
    }

    @Override
    public Class<McpServerEndpointRequest> requestType() {
        return McpServerEndpointRequest.class;
    }

    @Override
    public Access<McpServerEndpointRequest> access() {
        return AiAccess.grpc(Action.WRITE, request -> request.namespaceId, request -> request.mcpName);
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public Response handle(McpServerEndpointRequest request, RequestMeta meta) {
        if (request.mcpName == null || request.mcpName.isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "parameters `mcpName` can't be empty or null");
        }
        boolean register = McpServerEndpointRequest.REGISTER.equals(request.type);
        if (!register && !McpServerEndpointRequest.DEREGISTER.equals(request.type)) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_VALIDATE_ERROR, String.format(
                    "parameter `type` should be %s or %s, but was %s", McpServerEndpointRequest.REGISTER,
                    McpServerEndpointRequest.DEREGISTER, request.type));
        }
        if (register) {
            EndpointService target = servers.endpointService(request.namespaceId, request.mcpName, request.version);
            Map<String, String> metadata = request.version == null || request.version.isBlank() ? Map.of()
                    : Map.of(VERSION_TAG, request.version);
            instances.registerForConnection(meta.connectionId(), target.service(),
                    new InstanceRecord(request.address, request.port, null, 1.0, true, true, true, metadata));
            LOG.info("[{}] endpoint {}:{} of mcp server `{}` version {} registered into {}", meta.connectionId(),
                    request.address, request.port, request.mcpName, target.version(), target.service());
        } else {
            // Without a version the address leaves every version it serves: the latest may have moved on.
            List<EndpointService> targets = request.version == null || request.version.isBlank()
                    ? servers.endpointServices(request.namespaceId, request.mcpName)
                    : List.of(servers.endpointService(request.namespaceId, request.mcpName, request.version));
            for (EndpointService target : targets) {
                instances.deregisterForConnection(meta.connectionId(), target.service(), request.address,
                        request.port, NamingNames.DEFAULT_CLUSTER);
            }
            LOG.info("[{}] endpoint {}:{} of mcp server `{}` deregistered", meta.connectionId(), request.address,
                    request.port, request.mcpName);
        }
        McpServerEndpointResponse response = new McpServerEndpointResponse();
        response.type = request.type;
        return response;
    }

    @Override
    public Response failure() {
        return new McpServerEndpointResponse();
    }
}
