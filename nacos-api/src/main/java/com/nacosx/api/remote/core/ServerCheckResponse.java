package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Response;

/** Answers {@link ServerCheckRequest} with the id the server gave the client's transport. */
public class ServerCheckResponse extends Response {
    public String connectionId;
    public boolean supportAbilityNegotiation;

    public ServerCheckResponse() {
    }

    public ServerCheckResponse(String connectionId, boolean supportAbilityNegotiation) {
        this.connectionId = connectionId;
        this.supportAbilityNegotiation = supportAbilityNegotiation;
    }
}
