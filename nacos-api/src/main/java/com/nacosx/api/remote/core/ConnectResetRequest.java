package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.ServerRequest;

/** Pushed to make a client drop this connection and connect again, optionally to a given server. */
public class ConnectResetRequest extends ServerRequest {

    /** Where to reconnect; null or empty: any server of the client's list. */
    public String serverIp;
    public String serverPort;
    public String connectionId;

    @Override
    public String getModule() {
        return Modules.INTERNAL;
    }
}
