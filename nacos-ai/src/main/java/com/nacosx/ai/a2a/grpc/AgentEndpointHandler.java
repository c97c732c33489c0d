package com.nacosx.ai.a2a.grpc;

import com.nacosx.ai.AiAccess;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.NamingNames;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ai.AgentEndpointRequest;
import com.nacosx.api.remote.ai.AgentEndpointResponse;
import com.nacosx.api.remote.ai.McpServerEndpointRequest;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.service.InstanceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Registers or deregisters an endpoint of an agent version, owned by the sending connection: it
 * leaves when the connection closes. Cards registered as {@code SERVICE} are served at these.
 */
@Component
public class AgentEndpointHandler implements RequestHandler<AgentEndpointRequest> {

    private static final Logger LOG = LoggerFactory.getLogger(AgentEndpointHandler.class);

    private final InstanceService instances;

    public AgentEndpointHandler(InstanceService instances) {
        this.instances = instances;
    }

    @Override
    public Class<AgentEndpointRequest> requestType() {
        return AgentEndpointRequest.class;
    }

    @Override
    public Access<AgentEndpointRequest> access() {
        return AiAccess.grpc(Action.WRITE, request -> request.namespaceId, request -> request.agentName);
    }

    @Override
    public Response handle(AgentEndpointRequest request, RequestMeta meta) {
        AgentEndpoints.check(request.agentName, request.endpoint);
        ServiceKey service = AgentEndpoints.serviceOf(request.namespaceId, request.agentName, request.endpoint);
        if (McpServerEndpointRequest.REGISTER.equals(request.type)) {
            instances.registerForConnection(meta.connectionId(), service, AgentEndpoints.instanceOf(request.endpoint));
        } else if (McpServerEndpointRequest.DEREGISTER.equals(request.type)) {
            instances.deregisterForConnection(meta.connectionId(), service, request.endpoint.address,
                    request.endpoint.port, NamingNames.DEFAULT_CLUSTER);
        } else {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_VALIDATE_ERROR, String.format(
                    "parameter `type` should be %s or %s, but was %s", McpServerEndpointRequest.REGISTER,
                    McpServerEndpointRequest.DEREGISTER, request.type));
        }
        LOG.info("[{}] {} endpoint {}:{} of agent `{}` version {}", meta.connectionId(), request.type,
                request.endpoint.address, request.endpoint.port, request.agentName, request.endpoint.version);
        AgentEndpointResponse response = new AgentEndpointResponse();
        response.type = request.type;
        return response;
    }

    @Override
    public Response failure() {
        return new AgentEndpointResponse();
    }
}
