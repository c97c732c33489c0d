package com.nacosx.ai.a2a.grpc;

import com.nacosx.ai.AiAccess;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ai.AgentEndpoint;
import com.nacosx.api.remote.ai.AgentEndpointResponse;
import com.nacosx.api.remote.ai.BatchAgentEndpointRequest;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.service.InstanceService;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** Replaces the endpoints the sending connection holds for each version of an agent with these. */
@Component
public class BatchAgentEndpointHandler implements RequestHandler<BatchAgentEndpointRequest> {

    private static final String BATCH_REGISTER = "batchRegisterEndpoint";

    private static final Logger LOG = LoggerFactory.getLogger(BatchAgentEndpointHandler.class);

    private final InstanceService instances;

    public BatchAgentEndpointHandler(InstanceService instances) {
        this.instances = instances;
    }

    @Override
    public Class<BatchAgentEndpointRequest> requestType() {
        return BatchAgentEndpointRequest.class;
    }

    @Override
    public Access<BatchAgentEndpointRequest> access() {
        return AiAccess.grpc(Action.WRITE, request -> request.namespaceId, request -> request.agentName);
    }

    @Override
    public Response handle(BatchAgentEndpointRequest request, RequestMeta meta) {
        if (request.endpoints == null || request.endpoints.isEmpty()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter `endpoints` can't be empty");
        }
        request.endpoints.forEach(endpoint -> AgentEndpoints.check(request.agentName, endpoint));
        Map<ServiceKey, List<InstanceRecord>> byService = request.endpoints.stream().collect(Collectors.groupingBy(
                (AgentEndpoint endpoint) -> AgentEndpoints.serviceOf(request.namespaceId, request.agentName, endpoint),
                LinkedHashMap::new, Collectors.mapping(AgentEndpoints::instanceOf, Collectors.toList())));
        byService.forEach((service, records) -> {
            instances.batchRegisterForConnection(meta.connectionId(), service, records);
            LOG.info("[{}] {} endpoint(s) of agent `{}` registered into {}", meta.connectionId(), records.size(),
                    request.agentName, service);
        });
        AgentEndpointResponse response = new AgentEndpointResponse();
        response.type = BATCH_REGISTER;
        return response;
    }

    @Override
    public Response failure() {
        return new AgentEndpointResponse();
    }
}
