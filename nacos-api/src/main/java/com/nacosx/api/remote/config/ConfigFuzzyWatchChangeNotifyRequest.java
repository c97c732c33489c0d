package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.ServerRequest;

/** Pushed to a fuzzy watcher when a config matching its pattern comes ({@code ADD_CONFIG}) or goes ({@code DELETE_CONFIG}). */
public class ConfigFuzzyWatchChangeNotifyRequest extends ServerRequest {

    public String groupKey;
    public String changeType;

    public ConfigFuzzyWatchChangeNotifyRequest() {
    }

    public ConfigFuzzyWatchChangeNotifyRequest(String groupKey, String changeType) {
        this.groupKey = groupKey;
        this.changeType = changeType;
    }

    @Override
    public String getModule() {
        return Modules.CONFIG;
    }
}
