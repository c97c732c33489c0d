package com.nacosx.core.fuzzy;

import com.nacosx.api.remote.fuzzy.FuzzyWatch;

/**
 * One item of a fuzzy-watch pattern (a group or a name), read as the official server reads it:
 * without {@code *} it is the name itself; {@code *} is any; {@code *x*} contains x, {@code *x}
 * ends with x, {@code x*} starts with x; a {@code *} anywhere else matches nothing.
 */
record NamePattern(String text) {

    boolean isExact() {
        return !text.contains(FuzzyWatch.ANY);
    }

    /** The fixed start of a {@code x*} pattern, or null when the pattern is of another form. */
    String prefix() {
        boolean onlyTrailingStar = text.endsWith(FuzzyWatch.ANY) && text.indexOf(FuzzyWatch.ANY) == text.length() - 1;
        return onlyTrailingStar && text.length() > 1 ? text.substring(0, text.length() - 1) : null;
    }

    boolean matches(String value) {
        if (isExact()) {
            return text.equals(value);
        }
        if (text.equals(FuzzyWatch.ANY)) {
            return true;
        }
        String pure = text.replace(FuzzyWatch.ANY, "");
        boolean leading = text.startsWith(FuzzyWatch.ANY);
        boolean trailing = text.endsWith(FuzzyWatch.ANY);
        if (leading && trailing) {
            return value.contains(pure);
        }
        if (leading) {
            return value.endsWith(pure);
        }
        if (trailing) {
            return value.startsWith(pure);
        }
        return false;
    }
}
