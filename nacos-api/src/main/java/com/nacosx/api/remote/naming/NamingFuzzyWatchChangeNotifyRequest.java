package com.nacosx.api.remote.naming;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.fuzzy.FuzzyWatch;

/** Pushed to a fuzzy watcher when a service matching its pattern comes ({@code ADD_SERVICE}) or goes ({@code DELETE_SERVICE}). */
public class NamingFuzzyWatchChangeNotifyRequest extends ServerRequest {

    public String serviceKey;
    public String changedType;
    public String syncType = FuzzyWatch.RESOURCE_CHANGED;

    public NamingFuzzyWatchChangeNotifyRequest() {
    }

    public NamingFuzzyWatchChangeNotifyRequest(String serviceKey, String changedType) {
        this.serviceKey = serviceKey;
        this.changedType = changedType;
    }

    @Override
    public String getModule() {
        return Modules.NAMING;
    }
}
