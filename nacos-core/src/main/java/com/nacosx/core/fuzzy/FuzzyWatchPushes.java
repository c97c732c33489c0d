package com.nacosx.core.fuzzy;

import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.fuzzy.FuzzyWatch;
import com.nacosx.api.remote.fuzzy.FuzzyWatchSyncRequest;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.OutboundPush;
import com.nacosx.core.remote.ServerPush;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Tells fuzzy watchers what their patterns match, in the module's own wire types: after a watch,
 * the difference between what the pattern matches and what the client said it knows, in batches
 * (then, on its first watch, the end of the listing); later, each resource that comes or goes.
 * Every push is retried until acked, as the other pushes are.
 */
public final class FuzzyWatchPushes<C> {

    /**
     * A module's names and requests for what fuzzy watching tells.
     *
     * @param <C> the context of the module's sync request: a key and whether it came or went
     */
    public interface Wire<C> {

        /** The key the client knows a resource by, with the namespace named as the pattern names it. */
        String keyOf(FuzzyPattern pattern, FuzzyResource resource);

        /** An empty sync request of the module's type. */
        FuzzyWatchSyncRequest<C> newSyncRequest();

        C context(String key, boolean added);

        ServerRequest change(String key, boolean added);
    }

    /** A key the client is told of: there ({@code added}) or gone. */
    private record KeyChange(String key, boolean added) {
    }

    private final ServerPush push;
    private final Wire<C> wire;
    private final int batchSize;
    private final Duration ackWait;
    private final int maxTries;

    public FuzzyWatchPushes(ServerPush push, Wire<C> wire, int batchSize, Duration ackWait, int maxTries) {
        this.push = push;
        this.wire = wire;
        this.batchSize = batchSize;
        this.ackWait = ackWait;
        this.maxTries = maxTries;
    }

    /**
     * Tells a watcher what it lacks and what it holds that is gone (unless the pattern is past its
     * limit: then the listing is not all there is, and nothing is said gone).
     */
    public void sync(String connectionId, FuzzyWatchIndex.Listing listing, Set<String> known, boolean initializing) {
        Set<String> knownKeys = known == null ? Set.of() : known;
        Set<String> matchedKeys = new LinkedHashSet<>();
        listing.matched().forEach(resource -> matchedKeys.add(wire.keyOf(listing.pattern(), resource)));
        List<KeyChange> diff = new ArrayList<>();
        matchedKeys.stream().filter(key -> !knownKeys.contains(key)).forEach(key -> diff.add(new KeyChange(key, true)));
        if (!listing.overLimit()) {
            knownKeys.stream().filter(key -> !matchedKeys.contains(key))
                    .forEach(key -> diff.add(new KeyChange(key, false)));
        }
        String pattern = listing.pattern().text();
        String syncType = initializing ? FuzzyWatch.INIT_NOTIFY : FuzzyWatch.DIFF_SYNC_NOTIFY;
        int totalBatch = (diff.size() + batchSize - 1) / batchSize;
        List<OutboundPush> batches = new ArrayList<>(totalBatch);
        for (int from = 0, batch = 1; from < diff.size(); from += batchSize, batch++) {
            Set<C> contexts = new LinkedHashSet<>();
            diff.subList(from, Math.min(diff.size(), from + batchSize))
                    .forEach(change -> contexts.add(wire.context(change.key(), change.added())));
            batches.add(Connection.prepare(syncRequest(pattern, syncType, contexts, totalBatch, batch)));
        }
        List<CompletableFuture<Boolean>> delivered = batches.isEmpty() ? List.of()
                : push.push(connectionId, batches, ackWait, maxTries);
        if (initializing) {
            CompletableFuture.allOf(delivered.toArray(CompletableFuture[]::new)).whenComplete((done, failed) ->
                    push.push(connectionId, Connection.prepare(
                            syncRequest(pattern, FuzzyWatch.FINISH_INIT_NOTIFY, null, 0, 0)), ackWait, maxTries));
        }
    }

    private FuzzyWatchSyncRequest<C> syncRequest(String pattern, String syncType, Set<C> contexts, int totalBatch,
            int currentBatch) {
        FuzzyWatchSyncRequest<C> request = wire.newSyncRequest();
        request.groupKeyPattern = pattern;
        request.syncType = syncType;
        request.contexts = contexts;
        request.totalBatch = totalBatch;
        request.currentBatch = currentBatch;
        return request;
    }

    /** Tells each watcher of each change once, even when several of its patterns match the resource. */
    public void tell(List<FuzzyWatchIndex.Change> changes) {
        Set<String> told = new HashSet<>();
        for (FuzzyWatchIndex.Change change : changes) {
            String key = wire.keyOf(change.pattern(), change.resource());
            OutboundPush notice = null;
            for (String connectionId : change.connections()) {
                if (told.add(connectionId + '\n' + key)) {
                    notice = notice != null ? notice : Connection.prepare(wire.change(key, change.added()));
                    push.push(connectionId, notice, ackWait, maxTries);
                }
            }
        }
    }
}
