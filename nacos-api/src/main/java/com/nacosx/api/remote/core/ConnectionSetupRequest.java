package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.Request;
import java.util.HashMap;
import java.util.Map;

/** The first message on the bi-stream: registers the connection with what the client is. */
public class ConnectionSetupRequest extends Request {

    public String clientVersion;
    public String tenant;
    public Map<String, String> labels = new HashMap<>();
    /** Null from clients that do not negotiate abilities. */
    public Map<String, Boolean> abilityTable;

    @Override
    public String getModule() {
        return Modules.INTERNAL;
    }
}
