package com.nacosx.api.remote.ai;

/**
 * Registers ({@code registerEndpoint}) or deregisters ({@code deregisterEndpoint}) an address
 * serving an MCP server, for as long as the sending connection lives.
 */
public class McpServerEndpointRequest extends AbstractMcpRequest {

    public static final String REGISTER = "registerEndpoint";
    public static final String DEREGISTER = "deregisterEndpoint";

    public String address;
    public int port;
    public String version;
    public String type;
}
