package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.Request;

/** The client's keep-alive, every few seconds. */
public class HealthCheckRequest extends Request {
    @Override
    public String getModule() {
        return Modules.INTERNAL;
    }
}
