package com.nacosx.ai.a2a.grpc;

import com.nacosx.ai.a2a.AgentCards;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.ai.AgentEndpoint;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import java.util.HashMap;
import java.util.Map;

/** An agent endpoint as the instance the registry holds for it, with its A2A details as metadata. */
final class AgentEndpoints {

    private AgentEndpoints() {
    }

    static void check(String agentName, AgentEndpoint endpoint) {
        if (agentName == null || agentName.isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter `agentName` can't be empty or null");
        }
        if (endpoint == null) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter `endpoint` can't be null");
        }
        if (endpoint.version == null || endpoint.version.isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter `endpoint.version` can't be empty or null");
        }
    }

    static InstanceRecord instanceOf(AgentEndpoint endpoint) {
        Map<String, String> metadata = new HashMap<>();
        metadata.put("transport", endpoint.transport == null || endpoint.transport.isBlank() ? "JSONRPC"
                : endpoint.transport);
        metadata.put("supportTls", String.valueOf(endpoint.supportTls));
        put(metadata, "path", endpoint.path);
        put(metadata, "protocol", endpoint.protocol);
        put(metadata, "query", endpoint.query);
        return new InstanceRecord(endpoint.address, endpoint.port, null, 1.0, true, true, true, metadata);
    }

    static ServiceKey serviceOf(String namespaceId, String agentName, AgentEndpoint endpoint) {
        return AgentCards.endpointService(namespaceId, agentName, endpoint.version);
    }

    private static void put(Map<String, String> metadata, String key, String value) {
        if (value != null && !value.isBlank()) {
            metadata.put(key, value);
        }
    }
}
