package com.nacosx.core.fuzzy;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One pattern some connections watch: the resources it matches now (at most the limit; past it
 * {@link #overLimit} is set and changes beyond it are not told) and the connections watching it.
 * Guarded by the index's lock.
 */
final class Watched {

    private final FuzzyPattern pattern;
    final Set<FuzzyResource> matched = new LinkedHashSet<>();
    final Set<String> connections = new LinkedHashSet<>();
    boolean overLimit;

    Watched(FuzzyPattern pattern) {
        this.pattern = pattern;
    }

    FuzzyPattern pattern() {
        return pattern;
    }
}
