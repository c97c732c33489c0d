package com.nacosx.api.remote.ai;

import java.util.List;

/** Replaces the endpoints the sending connection registered for an agent with these. */
public class BatchAgentEndpointRequest extends AbstractAgentRequest {

    public List<AgentEndpoint> endpoints;
}
