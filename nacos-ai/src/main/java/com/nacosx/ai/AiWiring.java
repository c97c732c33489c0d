package com.nacosx.ai;

import com.nacosx.ai.a2a.AgentHttpApi;
import com.nacosx.ai.a2a.grpc.AgentEndpointHandler;
import com.nacosx.ai.a2a.grpc.BatchAgentEndpointHandler;
import com.nacosx.ai.a2a.grpc.QueryAgentCardHandler;
import com.nacosx.ai.a2a.grpc.ReleaseAgentCardHandler;
import com.nacosx.ai.mcp.McpHttpApi;
import com.nacosx.ai.mcp.grpc.McpServerEndpointHandler;
import com.nacosx.ai.mcp.grpc.QueryMcpServerHandler;
import com.nacosx.ai.mcp.grpc.ReleaseMcpServerHandler;
import com.nacosx.core.ModuleDoors;
import com.nacosx.core.remote.ServerAbility;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the AI registry serves. The 3.x SDK calls its MCP and agent requests only on a server whose
 * setup ack lists the {@code mcp} and {@code agent} abilities.
 */
@Configuration(proxyBeanMethods = false)
public class AiWiring {

    @Bean
    ModuleDoors aiDoors(McpHttpApi mcp, AgentHttpApi agents, QueryMcpServerHandler queryMcp,
            ReleaseMcpServerHandler releaseMcp, McpServerEndpointHandler mcpEndpoint, QueryAgentCardHandler queryAgent,
            ReleaseAgentCardHandler releaseAgent, AgentEndpointHandler agentEndpoint,
            BatchAgentEndpointHandler agentEndpoints) {
        return new ModuleDoors("ai", List.of(mcp, agents), List.of(queryMcp, releaseMcp, mcpEndpoint, queryAgent,
                releaseAgent, agentEndpoint, agentEndpoints));
    }

    @Bean
    ServerAbility mcpRegistry() {
        return new ServerAbility("mcp", true);
    }

    @Bean
    ServerAbility agentRegistry() {
        return new ServerAbility("agent", true);
    }
}
