package com.nacosx.ai.mcp;

import tools.jackson.databind.node.ObjectNode;

/**
 * One version of an MCP server as a writer sends it, checked: the server specification (the 3.x
 * {@code McpServerBasicInfo}), the tools ({@code McpToolSpecification}, or null) and where it is
 * served ({@code McpEndpointSpec}, or null for a local stdio server).
 *
 * @param id the id the writer chose, or null
 */
public record McpRelease(String name, String id, String version, String protocol, ObjectNode server,
                         ObjectNode tools, ObjectNode endpoint) {

    public boolean isLocal() {
        return McpSpecs.STDIO.equalsIgnoreCase(protocol);
    }

    public boolean hasTools() {
        return tools != null && (tools.has("tools") || tools.has("securitySchemes"));
    }
}
