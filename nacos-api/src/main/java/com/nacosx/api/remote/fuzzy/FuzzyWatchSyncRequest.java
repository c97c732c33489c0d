package com.nacosx.api.remote.fuzzy;

import com.nacosx.api.remote.ServerRequest;
import java.util.Set;

/**
 * Pushed to a fuzzy watcher: one batch ({@code currentBatch} of {@code totalBatch}) of the
 * resources that match its pattern and it did not know of, or knew of and are gone; or, with
 * {@code FINISH_FUZZY_WATCH_INIT_NOTIFY} and no contexts, the end of its first listing.
 *
 * @param <C> the module's context: a key and whether it came or went
 */
public abstract class FuzzyWatchSyncRequest<C> extends ServerRequest {

    public String groupKeyPattern;
    public Set<C> contexts;
    public String syncType;
    public int totalBatch;
    public int currentBatch;
}
