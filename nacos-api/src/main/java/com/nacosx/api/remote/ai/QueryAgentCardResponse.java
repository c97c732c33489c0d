package com.nacosx.api.remote.ai;

import com.nacosx.api.remote.Response;
import tools.jackson.databind.JsonNode;

/** An agent card, in the 3.x {@code AgentCardDetailInfo} shape. */
public class QueryAgentCardResponse extends Response {

    public JsonNode agentCardDetailInfo;
}
