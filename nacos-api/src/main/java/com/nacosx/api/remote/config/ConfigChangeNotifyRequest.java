package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.ServerRequest;

/** Pushed to each connection listening to a config that changed; the client then queries it. */
public class ConfigChangeNotifyRequest extends ServerRequest {

    public String dataId;
    public String group;
    public String tenant;

    public ConfigChangeNotifyRequest() {
    }

    public ConfigChangeNotifyRequest(String dataId, String group, String tenant) {
        this.dataId = dataId;
        this.group = group;
        this.tenant = tenant;
    }

    @Override
    public String getModule() {
        return Modules.CONFIG;
    }
}
