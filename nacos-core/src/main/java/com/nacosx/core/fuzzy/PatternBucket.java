package com.nacosx.core.fuzzy;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The watched patterns of one namespace and group (or of one namespace, for patterns whose group
 * holds {@code *}), indexed by the form of their name so that a changed resource finds its
 * candidates without looking at every pattern: an exact name by one hash lookup, a {@code x*},
 * {@code *x} or {@code *x*} name by a lookup per prefix, suffix or substring of the resource's
 * name (no longer than the longest watched of its form); only {@code *} (and {@code **}) is
 * walked, and a name with a star only inside, which matches nothing, is not looked at.
 */
final class PatternBucket {

    private final Map<String, Set<Watched>> byExactName = new HashMap<>();
    private final Affixes prefixes = new Affixes(Affixes.Place.START);
    private final Affixes suffixes = new Affixes(Affixes.Place.END);
    private final Affixes infixes = new Affixes(Affixes.Place.ANYWHERE);
    private final Set<Watched> walked = new HashSet<>();

    void add(Watched watched) {
        NamePattern name = watched.pattern().name();
        switch (name.form()) {
            case EXACT -> byExactName.computeIfAbsent(name.text(), n -> new HashSet<>()).add(watched);
            case PREFIX -> prefixes.add(name.rest(), watched);
            case SUFFIX -> suffixes.add(name.rest(), watched);
            case CONTAINS -> {
                if (name.rest().isEmpty()) {
                    walked.add(watched);
                } else {
                    infixes.add(name.rest(), watched);
                }
            }
            case ANY -> walked.add(watched);
            case NOTHING -> { }
        }
    }

    void remove(Watched watched) {
        NamePattern name = watched.pattern().name();
        switch (name.form()) {
            case EXACT -> removeFrom(byExactName, name.text(), watched);
            case PREFIX -> prefixes.remove(name.rest(), watched);
            case SUFFIX -> suffixes.remove(name.rest(), watched);
            case CONTAINS -> {
                walked.remove(watched);
                infixes.remove(name.rest(), watched);
            }
            case ANY -> walked.remove(watched);
            case NOTHING -> { }
        }
    }

    private static void removeFrom(Map<String, Set<Watched>> index, String key, Watched watched) {
        Set<Watched> set = index.get(key);
        if (set != null && set.remove(watched) && set.isEmpty()) {
            index.remove(key);
        }
    }

    boolean isEmpty() {
        return byExactName.isEmpty() && prefixes.isEmpty() && suffixes.isEmpty() && infixes.isEmpty()
                && walked.isEmpty();
    }

    /**
     * Adds the patterns that may match {@code name} (their group is checked by the caller); a
     * {@code *x*} pattern whose x occurs twice in the name is added twice.
     */
    void candidates(String name, Collection<Watched> into) {
        Set<Watched> exact = byExactName.get(name);
        if (exact != null) {
            into.addAll(exact);
        }
        prefixes.collect(name, into);
        suffixes.collect(name, into);
        infixes.collect(name, into);
        into.addAll(walked);
    }

    /** Patterns keyed by the part a name must start with, end with or contain, and the longest such part. */
    private static final class Affixes {

        enum Place { START, END, ANYWHERE }

        private final Place place;
        private final Map<String, Set<Watched>> byAffix = new HashMap<>();
        private int longest;

        Affixes(Place place) {
            this.place = place;
        }

        void add(String affix, Watched watched) {
            byAffix.computeIfAbsent(affix, a -> new HashSet<>()).add(watched);
            longest = Math.max(longest, affix.length());
        }

        void remove(String affix, Watched watched) {
            removeFrom(byAffix, affix, watched);
        }

        boolean isEmpty() {
            return byAffix.isEmpty();
        }

        void collect(String name, Collection<Watched> into) {
            if (byAffix.isEmpty()) {
                return;
            }
            int most = Math.min(name.length(), longest);
            switch (place) {
                case START -> {
                    for (int length = 1; length <= most; length++) {
                        look(name.substring(0, length), into);
                    }
                }
                case END -> {
                    for (int length = 1; length <= most; length++) {
                        look(name.substring(name.length() - length), into);
                    }
                }
                case ANYWHERE -> {
                    for (int from = 0; from < name.length(); from++) {
                        for (int to = from + 1; to <= Math.min(name.length(), from + longest); to++) {
                            look(name.substring(from, to), into);
                        }
                    }
                }
            }
        }

        private void look(String part, Collection<Watched> into) {
            Set<Watched> found = byAffix.get(part);
            if (found != null) {
                into.addAll(found);
            }
        }
    }
}
