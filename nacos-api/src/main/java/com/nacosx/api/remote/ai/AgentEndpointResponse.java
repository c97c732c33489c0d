package com.nacosx.api.remote.ai;

import com.nacosx.api.remote.Response;

/** Answers an agent endpoint (de)registration; {@code type} echoes the request's. */
public class AgentEndpointResponse extends Response {

    public String type;
}
