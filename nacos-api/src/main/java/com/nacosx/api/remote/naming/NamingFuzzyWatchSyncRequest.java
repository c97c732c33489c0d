package com.nacosx.api.remote.naming;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.ServerRequest;
import java.util.Set;

/**
 * Pushed to a fuzzy watcher: one batch of the services that match its pattern and it did not
 * know of (or knew of and are gone), or the end of its first listing.
 */
public class NamingFuzzyWatchSyncRequest extends ServerRequest {

    public String groupKeyPattern;
    public Set<Context> contexts;
    public String syncType;
    public int totalBatch;
    public int currentBatch;

    public NamingFuzzyWatchSyncRequest() {
    }

    public NamingFuzzyWatchSyncRequest(String groupKeyPattern, String syncType, Set<Context> contexts,
            int totalBatch, int currentBatch) {
        this.groupKeyPattern = groupKeyPattern;
        this.syncType = syncType;
        this.contexts = contexts;
        this.totalBatch = totalBatch;
        this.currentBatch = currentBatch;
    }

    @Override
    public String getModule() {
        return Modules.NAMING;
    }

    /** One service's key and whether it is there ({@code ADD_SERVICE}) or gone ({@code DELETE_SERVICE}). */
    public record Context(String serviceKey, String changedType) {
    }
}
