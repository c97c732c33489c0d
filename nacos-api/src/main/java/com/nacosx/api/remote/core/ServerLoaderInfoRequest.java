package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.Request;

/** Asks a server for its load: connection counts, CPU, memory. */
public class ServerLoaderInfoRequest extends Request {
    @Override
    public String getModule() {
        return Modules.INTERNAL;
    }
}
