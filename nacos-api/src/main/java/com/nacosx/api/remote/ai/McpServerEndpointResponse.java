package com.nacosx.api.remote.ai;

import com.nacosx.api.remote.Response;

/** Answers an endpoint (de)registration; {@code type} echoes the request's. */
public class McpServerEndpointResponse extends Response {

    public String type;
}
