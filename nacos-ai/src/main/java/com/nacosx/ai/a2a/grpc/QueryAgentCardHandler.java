package com.nacosx.ai.a2a.grpc;

import com.nacosx.ai.AiAccess;
import com.nacosx.ai.a2a.AgentCards;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ai.QueryAgentCardRequest;
import com.nacosx.api.remote.ai.QueryAgentCardResponse;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.stereotype.Component;

/** An agent card for the 3.x SDK, which asks again every few seconds while subscribed. */
@Component
public class QueryAgentCardHandler implements RequestHandler<QueryAgentCardRequest> {

    private final AgentCards agents;

    public QueryAgentCardHandler(AgentCards agents) {
        this.agents = agents;
    }

    @Override
    public Class<QueryAgentCardRequest> requestType() {
        return QueryAgentCardRequest.class;
    }

    @Override
    public Access<QueryAgentCardRequest> access() {
        return AiAccess.grpc(Action.READ, request -> request.namespaceId, request -> request.agentName);
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public Response handle(QueryAgentCardRequest request, RequestMeta meta) {
        QueryAgentCardResponse response = new QueryAgentCardResponse();
        response.agentCardDetailInfo = agents.detail(request.namespaceId, request.agentName, request.version,
                request.registrationType);
        return response;
    }

    @Override
    public Response failure() {
        return new QueryAgentCardResponse();
    }
}
