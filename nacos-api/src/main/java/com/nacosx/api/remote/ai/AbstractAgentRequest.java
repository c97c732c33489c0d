package com.nacosx.api.remote.ai;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.Request;

/** A request about one A2A agent, named within a namespace. */
public abstract class AbstractAgentRequest extends Request {

    public String namespaceId;
    public String agentName;

    @Override
    public String getModule() {
        return Modules.AI;
    }
}
