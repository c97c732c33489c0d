package com.nacosx.core.fuzzy;

import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionListener;
import com.nacosx.core.remote.ServerPush;
import java.time.Duration;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * One module's fuzzy watching: the index of who watches what, and the pushes that tell them.
 * The module says what its resources are and how the client names them ({@link FuzzyWatchPushes.Wire}),
 * and reports each resource whose existence may have changed.
 */
public final class FuzzyWatching implements ConnectionListener {

    /** Keys per sync push, as the official server batches them. */
    private static final int SYNC_BATCH = 20;

    private final UnaryOperator<String> storedNamespace;
    private final FuzzyWatchIndex index;
    private final FuzzyWatchPushes<?> pushes;

    /**
     * @param storedNamespace maps a pattern's namespace, as the client names it, to the store's
     * @param existingIn      the resources of a namespace (as stored) now
     */
    public <C> FuzzyWatching(FuzzyWatchIndex.Limits limits, UnaryOperator<String> storedNamespace,
            Function<String, Stream<FuzzyResource>> existingIn, FuzzyWatchPushes.Wire<C> wire, ServerPush push,
            Duration ackWait, int maxTries) {
        this.storedNamespace = storedNamespace;
        this.index = new FuzzyWatchIndex(limits, existingIn);
        this.pushes = new FuzzyWatchPushes<>(push, wire, SYNC_BATCH, ackWait, maxTries);
    }

    /** A pattern as a client sent it. */
    public FuzzyPattern pattern(String text) {
        return FuzzyPattern.parse(text, storedNamespace);
    }

    /** Starts a watch and tells the client what it lacks; answers whether the pattern matches past the limit. */
    public boolean watch(String connectionId, FuzzyPattern pattern, Set<String> known, boolean initializing) {
        FuzzyWatchIndex.Listing listing = index.watch(connectionId, pattern);
        pushes.sync(connectionId, listing, known, initializing);
        return listing.overLimit();
    }

    public void cancel(String connectionId, FuzzyPattern pattern) {
        index.cancel(connectionId, pattern.text());
    }

    /**
     * Tells the watchers of a resource that came or went; a resource that merely changed tells no
     * one. {@code exists} is asked only when some pattern is watched.
     */
    public void changed(FuzzyResource resource, BooleanSupplier exists) {
        pushes.tell(index.changed(resource, exists));
    }

    @Override
    public void disconnected(Connection connection) {
        index.disconnected(connection);
    }
}
