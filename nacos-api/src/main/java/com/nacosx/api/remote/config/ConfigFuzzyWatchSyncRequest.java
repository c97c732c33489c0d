package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.fuzzy.FuzzyWatchSyncRequest;

/** The configs a fuzzy watcher's pattern matches, by group key ({@code dataId+group+namespace}). */
public class ConfigFuzzyWatchSyncRequest extends FuzzyWatchSyncRequest<ConfigFuzzyWatchSyncRequest.Context> {

    @Override
    public String getModule() {
        return Modules.CONFIG;
    }

    /** One config's group key and whether it is there ({@code ADD_CONFIG}) or gone ({@code DELETE_CONFIG}). */
    public record Context(String groupKey, String changedType) {
    }
}
