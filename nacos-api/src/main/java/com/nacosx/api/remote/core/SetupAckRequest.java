package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.ServerRequest;
import java.util.Map;

/** Pushed after a setup that carried an ability table: the server's abilities. */
public class SetupAckRequest extends ServerRequest {

    public Map<String, Boolean> abilityTable;

    public SetupAckRequest() {
    }

    public SetupAckRequest(Map<String, Boolean> abilityTable) {
        this.abilityTable = abilityTable;
    }

    @Override
    public String getModule() {
        return Modules.INTERNAL;
    }
}
