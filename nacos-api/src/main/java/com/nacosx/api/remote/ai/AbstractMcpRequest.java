package com.nacosx.api.remote.ai;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.Request;

/** A request about one MCP server, named by its id or its name within a namespace. */
public abstract class AbstractMcpRequest extends Request {

    public String namespaceId;
    public String mcpId;
    public String mcpName;

    @Override
    public String getModule() {
        return Modules.AI;
    }
}
