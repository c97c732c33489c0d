package com.nacosx.api.remote.ai;

import com.nacosx.api.remote.Response;

/** The id of the released MCP server. */
public class ReleaseMcpServerResponse extends Response {

    public String mcpId;
}
