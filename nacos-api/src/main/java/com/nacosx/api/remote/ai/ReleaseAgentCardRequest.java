package com.nacosx.api.remote.ai;

import tools.jackson.databind.JsonNode;

/** Publishes an agent card from the SDK: registers the agent, or adds the card's version. */
public class ReleaseAgentCardRequest extends AbstractAgentRequest {

    public JsonNode agentCard;
    public String registrationType;
    public boolean setAsLatest;
}
