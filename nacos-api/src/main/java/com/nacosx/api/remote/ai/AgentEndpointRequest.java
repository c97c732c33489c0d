package com.nacosx.api.remote.ai;

/**
 * Registers ({@code registerEndpoint}) or deregisters ({@code deregisterEndpoint}) an endpoint of an
 * agent, for as long as the sending connection lives.
 */
public class AgentEndpointRequest extends AbstractAgentRequest {

    public AgentEndpoint endpoint;
    public String type;
}
