package com.nacosx.ai.mcp.grpc;

import com.nacosx.ai.AiAccess;
import com.nacosx.ai.mcp.McpServers;
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
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.service.InstanceService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

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
            JsonNode detail = servers.detail(request.namespaceId, null, request.mcpName, request.version);
            Map<String, String> metadata = request.version == null || request.version.isBlank() ? Map.of()
                    : Map.of(VERSION_TAG, request.version);
            ServiceKey service = serviceOf(detail);
            instances.registerForConnection(meta.connectionId(), service,
                    new InstanceRecord(request.address, request.port, null, 1.0, true, true, true, metadata));
            LOG.info("[{}] endpoint {}:{} of mcp server `{}` version {} registered into {}", meta.connectionId(),
                    request.address, request.port, request.mcpName, detail.path("version").asString(), service);
        } else {
            // Without a version the address leaves every version it serves: the latest may have moved on.
            for (String version : versionsOf(request)) {
                JsonNode detail = servers.detail(request.namespaceId, null, request.mcpName, version);
                instances.deregisterForConnection(meta.connectionId(), serviceOf(detail), request.address,
                        request.port, NamingNames.DEFAULT_CLUSTER);
            }
            LOG.info("[{}] endpoint {}:{} of mcp server `{}` deregistered", meta.connectionId(), request.address,
                    request.port, request.mcpName);
        }
        McpServerEndpointResponse response = new McpServerEndpointResponse();
        response.type = request.type;
        return response;
    }

    private List<String> versionsOf(McpServerEndpointRequest request) {
        if (request.version != null && !request.version.isBlank()) {
            return List.of(request.version);
        }
        List<String> versions = new ArrayList<>();
        servers.detail(request.namespaceId, null, request.mcpName, null).path("allVersions")
                .forEach(version -> versions.add(version.path("version").asString()));
        return versions;
    }

    private static ServiceKey serviceOf(JsonNode detail) {
        JsonNode remote = detail.path("remoteServerConfig");
        JsonNode ref = remote.path("serviceRef");
        if ("http".equals(detail.path("protocol").asString(""))) {
            for (JsonNode front : remote.path("frontEndpointConfigList")) {
                if ("REF".equals(front.path("endpointType").asString("")) && front.path("endpointData").isObject()) {
                    ref = front.get("endpointData");
                    break;
                }
            }
        }
        if (!ref.hasNonNull("serviceName")) {
            throw new NacosException(NacosException.NOT_FOUND, ErrorCode.MCP_SERVER_REF_ENDPOINT_SERVICE_NOT_FOUND,
                    "The Mcp Server Ref endpoint service not found: a local (stdio) server has no endpoints");
        }
        return ServiceKey.of(ref.path("namespaceId").asString(null), ref.path("groupName").asString(null),
                ref.path("serviceName").asString());
    }

    @Override
    public Response failure() {
        return new McpServerEndpointResponse();
    }
}
