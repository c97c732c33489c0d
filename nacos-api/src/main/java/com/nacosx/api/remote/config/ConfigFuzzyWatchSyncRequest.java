package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.ServerRequest;
import java.util.Set;

/**
 * Pushed to a fuzzy watcher: one batch of the configs that match its pattern and it did not know
 * of (or knew of and are gone), or, with {@code FINISH_FUZZY_WATCH_INIT_NOTIFY} and no contexts,
 * the end of its first listing.
 */
public class ConfigFuzzyWatchSyncRequest extends ServerRequest {

    public String groupKeyPattern;
    public Set<Context> contexts;
    public String syncType;
    public int totalBatch;
    public int currentBatch;

    public ConfigFuzzyWatchSyncRequest() {
    }

    public ConfigFuzzyWatchSyncRequest(String groupKeyPattern, String syncType, Set<Context> contexts,
            int totalBatch, int currentBatch) {
        this.groupKeyPattern = groupKeyPattern;
        this.syncType = syncType;
        this.contexts = contexts;
        this.totalBatch = totalBatch;
        this.currentBatch = currentBatch;
    }

    @Override
    public String getModule() {
        return Modules.CONFIG;
    }

    /** One config's group key and whether it is there ({@code ADD_CONFIG}) or gone ({@code DELETE_CONFIG}). */
    public record Context(String groupKey, String changedType) {
    }
}
