package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.Request;

/** The client's first unary call: is the server up, and what is my connection id? */
public class ServerCheckRequest extends Request {
    @Override
    public String getModule() {
        return Modules.INTERNAL;
    }
}
