package com.nacosx.core.fuzzy;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionListener;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Which connections fuzzy-watch which patterns, and which resources each pattern matches now.
 * One per module (configs, services). A change looks only at the patterns of its namespace and
 * group (and those whose group holds {@code *}), narrowed further by the form of their name (see
 * {@link PatternBucket}): a publish costs the same with ten thousand patterns on other groups or
 * names as with none.
 *
 * <p>A pattern matches at most {@code matchesPerPattern} resources: past it the watch is answered
 * with 50311 (the client tells its application) and later arrivals are not told. A connection
 * watches at most {@code patternsPerConnection} patterns: one more is refused with 50310.
 * A pattern nobody watches any more is forgotten at once.
 */
public final class FuzzyWatchIndex implements ConnectionListener {

    public record Limits(int patternsPerConnection, int matchesPerPattern) {
    }

    /** What a watch found: what its pattern matches now, and whether more would have. */
    public record Listing(FuzzyPattern pattern, List<FuzzyResource> matched, boolean overLimit) {
    }

    /** A resource that came ({@code added}) or went, for the connections watching one pattern. */
    public record Change(FuzzyPattern pattern, List<String> connections, FuzzyResource resource, boolean added) {
    }

    private final Limits limits;
    private final Function<String, Stream<FuzzyResource>> existingIn;
    private final Map<String, Watched> byText = new HashMap<>();
    private final Map<String, PatternBucket> anyGroup = new HashMap<>();
    private final Map<String, Map<String, PatternBucket>> byGroup = new HashMap<>();
    private final Map<String, Set<String>> patternsByConnection = new HashMap<>();
    /** Read without the lock, so that a change costs nothing while nobody watches. */
    private volatile int watchedPatterns;

    /**
     * @param existingIn the resources of a namespace (as stored) now; read when a pattern is first
     *                   watched and when one past its limit loses a match
     */
    public FuzzyWatchIndex(Limits limits, Function<String, Stream<FuzzyResource>> existingIn) {
        this.limits = limits;
        this.existingIn = existingIn;
    }

    /**
     * Starts (or repeats) a connection's watch of a pattern.
     *
     * @throws NacosException 50310 when the connection watches as many other patterns as it may
     */
    public synchronized Listing watch(String connectionId, FuzzyPattern pattern) {
        Set<String> own = patternsByConnection.get(connectionId);
        boolean repeated = own != null && own.contains(pattern.text());
        if (!repeated && own != null && own.size() >= limits.patternsPerConnection()) {
            throw new NacosException(ErrorCode.FUZZY_WATCH_PATTERN_OVER_LIMIT.code(), NacosException.BAD_REQUEST,
                    ErrorCode.FUZZY_WATCH_PATTERN_OVER_LIMIT, "fuzzy watch pattern over limit: this client watches "
                            + own.size() + " patterns, the most one connection may (nacos.*.fuzzy.watch.max.pattern.count); "
                            + "cancel one or watch a wider pattern");
        }
        Watched watched = byText.get(pattern.text());
        if (watched == null) {
            watched = new Watched(pattern);
            fill(watched);
            byText.put(pattern.text(), watched);
            bucketOf(pattern, true).add(watched);
            watchedPatterns = byText.size();
        }
        watched.connections.add(connectionId);
        patternsByConnection.computeIfAbsent(connectionId, id -> new HashSet<>()).add(pattern.text());
        return new Listing(watched.pattern(), List.copyOf(watched.matched), watched.overLimit);
    }

    public synchronized void cancel(String connectionId, String patternText) {
        Set<String> own = patternsByConnection.get(connectionId);
        if (own != null && own.remove(patternText) && own.isEmpty()) {
            patternsByConnection.remove(connectionId);
        }
        leave(connectionId, patternText);
    }

    @Override
    public synchronized void disconnected(Connection connection) {
        Set<String> own = patternsByConnection.remove(connection.id());
        if (own != null) {
            own.forEach(text -> leave(connection.id(), text));
        }
    }

    private void leave(String connectionId, String patternText) {
        Watched watched = byText.get(patternText);
        if (watched == null || !watched.connections.remove(connectionId) || !watched.connections.isEmpty()) {
            return;
        }
        byText.remove(patternText);
        FuzzyPattern pattern = watched.pattern();
        PatternBucket bucket = bucketOf(pattern, false);
        bucket.remove(watched);
        if (bucket.isEmpty()) {
            dropBucket(pattern);
        }
        watchedPatterns = byText.size();
    }

    /**
     * Records that a resource exists now or does not, and answers whom to tell: the watchers of
     * every pattern it newly matches or no longer matches. A resource that merely changed tells no one.
     *
     * @param exists asked only when some pattern is watched: every change of the module comes here
     */
    public List<Change> changed(FuzzyResource resource, BooleanSupplier exists) {
        if (watchedPatterns == 0) {
            return List.of();
        }
        boolean present = exists.getAsBoolean();
        synchronized (this) {
            Set<Watched> candidates = new LinkedHashSet<>();
            Map<String, PatternBucket> groups = byGroup.get(resource.namespace());
            PatternBucket ofGroup = groups == null ? null : groups.get(resource.group());
            if (ofGroup != null) {
                ofGroup.candidates(resource.name(), candidates);
            }
            PatternBucket ofAnyGroup = anyGroup.get(resource.namespace());
            if (ofAnyGroup != null) {
                ofAnyGroup.candidates(resource.name(), candidates);
            }
            List<Change> changes = new ArrayList<>();
            for (Watched watched : candidates) {
                if (watched.pattern().matches(resource.namespace(), resource.group(), resource.name())) {
                    Boolean added = present ? add(watched, resource) : remove(watched, resource);
                    if (added != null) {
                        changes.add(new Change(watched.pattern(), List.copyOf(watched.connections), resource, added));
                    }
                }
            }
            return changes;
        }
    }

    private Boolean add(Watched watched, FuzzyResource resource) {
        if (watched.matched.contains(resource)) {
            return null;
        }
        if (watched.matched.size() >= limits.matchesPerPattern()) {
            watched.overLimit = true;
            return null;
        }
        watched.matched.add(resource);
        return Boolean.TRUE;
    }

    private Boolean remove(Watched watched, FuzzyResource resource) {
        if (!watched.matched.remove(resource)) {
            return null;
        }
        if (watched.overLimit) {
            fill(watched);
        }
        return Boolean.FALSE;
    }

    /** Sets what the pattern matches from the store, up to the limit; those past it are left untold. */
    private void fill(Watched watched) {
        FuzzyPattern pattern = watched.pattern();
        watched.overLimit = false;
        Iterator<FuzzyResource> matching = existingIn.apply(pattern.namespace())
                .filter(r -> pattern.matches(r.namespace(), r.group(), r.name())).iterator();
        while (matching.hasNext()) {
            FuzzyResource resource = matching.next();
            if (watched.matched.contains(resource)) {
                continue;
            }
            if (watched.matched.size() >= limits.matchesPerPattern()) {
                watched.overLimit = true;
                return;
            }
            watched.matched.add(resource);
        }
    }

    private PatternBucket bucketOf(FuzzyPattern pattern, boolean create) {
        if (!pattern.group().isExact()) {
            return create ? anyGroup.computeIfAbsent(pattern.namespace(), ns -> new PatternBucket())
                    : anyGroup.get(pattern.namespace());
        }
        Map<String, PatternBucket> groups = create
                ? byGroup.computeIfAbsent(pattern.namespace(), ns -> new HashMap<>())
                : byGroup.get(pattern.namespace());
        return create ? groups.computeIfAbsent(pattern.group().text(), g -> new PatternBucket())
                : groups.get(pattern.group().text());
    }

    private void dropBucket(FuzzyPattern pattern) {
        if (!pattern.group().isExact()) {
            anyGroup.remove(pattern.namespace());
            return;
        }
        Map<String, PatternBucket> groups = byGroup.get(pattern.namespace());
        groups.remove(pattern.group().text());
        if (groups.isEmpty()) {
            byGroup.remove(pattern.namespace());
        }
    }

    /** The patterns watched on this node now. */
    public int patternCount() {
        return watchedPatterns;
    }
}
