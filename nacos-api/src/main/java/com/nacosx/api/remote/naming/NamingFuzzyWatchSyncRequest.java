package com.nacosx.api.remote.naming;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.fuzzy.FuzzyWatchSyncRequest;

/** The services a fuzzy watcher's pattern matches, by service key ({@code namespace@@group@@service}). */
public class NamingFuzzyWatchSyncRequest extends FuzzyWatchSyncRequest<NamingFuzzyWatchSyncRequest.Context> {

    @Override
    public String getModule() {
        return Modules.NAMING;
    }

    /** One service's key and whether it is there ({@code ADD_SERVICE}) or gone ({@code DELETE_SERVICE}). */
    public record Context(String serviceKey, String changedType) {
    }
}
