package com.nacosx.api.remote.ai;

import tools.jackson.databind.JsonNode;

/**
 * Publishes an MCP server from the SDK: creates it, or adds the version when the server exists.
 * The specifications are kept as sent, in the 3.x models' JSON.
 */
public class ReleaseMcpServerRequest extends AbstractMcpRequest {

    public JsonNode serverSpecification;
    public JsonNode toolSpecification;
    public JsonNode endpointSpecification;
}
