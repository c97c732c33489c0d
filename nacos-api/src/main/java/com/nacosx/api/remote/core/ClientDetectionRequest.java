package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.ServerRequest;

/** Pushed to a silent connection: is the client still there? */
public class ClientDetectionRequest extends ServerRequest {
    @Override
    public String getModule() {
        return Modules.INTERNAL;
    }
}
