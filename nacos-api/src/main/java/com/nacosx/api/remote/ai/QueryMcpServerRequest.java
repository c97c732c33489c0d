package com.nacosx.api.remote.ai;

/** Reads an MCP server's detail: the given version, or the latest when none is given. */
public class QueryMcpServerRequest extends AbstractMcpRequest {

    public String version;
}
