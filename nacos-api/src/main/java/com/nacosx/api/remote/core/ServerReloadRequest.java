package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.Request;

/** Asks a server to shed connections down to a count. */
public class ServerReloadRequest extends Request {

    /** How many connections to keep; the rest are asked to reconnect elsewhere. */
    public int reloadCount;
    /** Where the shed connections should go, {@code ip:port}; null for anywhere. */
    public String reloadServer;

    @Override
    public String getModule() {
        return Modules.INTERNAL;
    }
}
