package com.nacosx.api.remote.ai;

import com.nacosx.api.remote.Response;
import tools.jackson.databind.JsonNode;

/** An MCP server's detail, in the 3.x {@code McpServerDetailInfo} shape. */
public class QueryMcpServerResponse extends Response {

    public JsonNode mcpServerDetailInfo;
}
