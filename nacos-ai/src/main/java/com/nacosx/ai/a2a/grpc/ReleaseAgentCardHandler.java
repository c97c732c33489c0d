package com.nacosx.ai.a2a.grpc;

import com.nacosx.ai.AiAccess;
import com.nacosx.ai.a2a.AgentCards;
import com.nacosx.ai.store.AiDocuments.Author;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ai.ReleaseAgentCardRequest;
import com.nacosx.api.remote.ai.ReleaseAgentCardResponse;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.stereotype.Component;

/** Publishes an agent card from the 3.x SDK: registers the agent, or adds a version it does not have. */
@Component
public class ReleaseAgentCardHandler implements RequestHandler<ReleaseAgentCardRequest> {

    private final AgentCards agents;

    public ReleaseAgentCardHandler(AgentCards agents) {
        this.agents = agents;
    }

    @Override
    public Class<ReleaseAgentCardRequest> requestType() {
        return ReleaseAgentCardRequest.class;
    }

    @Override
    public Access<ReleaseAgentCardRequest> access() {
        return AiAccess.grpc(Action.WRITE, request -> request.namespaceId, request -> request.agentName);
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public Response handle(ReleaseAgentCardRequest request, RequestMeta meta) {
        agents.release(request.namespaceId, AgentCards.check(request.agentCard), request.registrationType,
                request.setAsLatest, new Author(meta.clientIp(), null));
        return new ReleaseAgentCardResponse();
    }

    @Override
    public Response failure() {
        return new ReleaseAgentCardResponse();
    }
}
