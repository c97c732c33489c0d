package com.nacosx.core.fuzzy;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The watched patterns of one namespace and group (or of one namespace, for patterns whose group
 * holds {@code *}), indexed by the form of their name so that a changed resource finds its
 * candidates without looking at every pattern: an exact name by a hash lookup, a {@code x*} name
 * by a lookup per prefix of the resource's name; only the rarer {@code *x}, {@code *x*} and
 * {@code *} forms are walked.
 */
final class PatternBucket {

    private final Map<String, Set<Watched>> byExactName = new HashMap<>();
    private final Map<String, Set<Watched>> byPrefix = new HashMap<>();
    private final Set<Watched> others = new HashSet<>();
    private int longestPrefix;

    void add(Watched watched) {
        NamePattern name = watched.pattern().name();
        if (name.isExact()) {
            byExactName.computeIfAbsent(name.text(), n -> new HashSet<>()).add(watched);
        } else if (name.prefix() != null) {
            byPrefix.computeIfAbsent(name.prefix(), p -> new HashSet<>()).add(watched);
            longestPrefix = Math.max(longestPrefix, name.prefix().length());
        } else {
            others.add(watched);
        }
    }

    void remove(Watched watched) {
        NamePattern name = watched.pattern().name();
        if (name.isExact()) {
            removeFrom(byExactName, name.text(), watched);
        } else if (name.prefix() != null) {
            removeFrom(byPrefix, name.prefix(), watched);
        } else {
            others.remove(watched);
        }
    }

    private static void removeFrom(Map<String, Set<Watched>> index, String key, Watched watched) {
        Set<Watched> set = index.get(key);
        if (set != null && set.remove(watched) && set.isEmpty()) {
            index.remove(key);
        }
    }

    boolean isEmpty() {
        return byExactName.isEmpty() && byPrefix.isEmpty() && others.isEmpty();
    }

    /** Adds the patterns that may match {@code name} (their group is checked by the caller). */
    void candidates(String name, Collection<Watched> into) {
        Set<Watched> exact = byExactName.get(name);
        if (exact != null) {
            into.addAll(exact);
        }
        if (!byPrefix.isEmpty()) {
            for (int length = Math.min(name.length(), longestPrefix); length >= 1; length--) {
                Set<Watched> withPrefix = byPrefix.get(name.substring(0, length));
                if (withPrefix != null) {
                    into.addAll(withPrefix);
                }
            }
        }
        into.addAll(others);
    }
}
