package com.nacosx.api.remote.naming;

import com.nacosx.api.remote.Response;

/** Answers instance registration; {@code type} echoes the request's. */
public class InstanceResponse extends Response {

    public String type;

    public InstanceResponse() {
    }

    public InstanceResponse(String type) {
        this.type = type;
    }
}
