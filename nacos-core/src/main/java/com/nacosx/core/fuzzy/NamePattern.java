package com.nacosx.core.fuzzy;

import com.nacosx.api.remote.fuzzy.FuzzyWatch;

/**
 * One item of a fuzzy-watch pattern (a group or a name), read as the official server reads it:
 * without {@code *} it is the name itself; {@code *} is any; with a leading and a trailing
 * {@code *} the name contains the rest, with only a leading one it ends with the rest, with only
 * a trailing one it starts with it (the rest being the item without its stars); a {@code *} only
 * inside matches nothing. The form is worked out once: a publish may test thousands of items.
 */
final class NamePattern {

    enum Form { EXACT, ANY, PREFIX, SUFFIX, CONTAINS, NOTHING }

    private final String text;
    private final Form form;
    private final String rest;

    NamePattern(String text) {
        this.text = text;
        this.rest = text.replace(FuzzyWatch.ANY, "");
        boolean leading = text.startsWith(FuzzyWatch.ANY);
        boolean trailing = text.endsWith(FuzzyWatch.ANY);
        if (!text.contains(FuzzyWatch.ANY)) {
            form = Form.EXACT;
        } else if (text.equals(FuzzyWatch.ANY)) {
            form = Form.ANY;
        } else if (leading && trailing) {
            form = Form.CONTAINS;
        } else if (leading) {
            form = Form.SUFFIX;
        } else if (trailing) {
            form = Form.PREFIX;
        } else {
            form = Form.NOTHING;
        }
    }

    String text() {
        return text;
    }

    Form form() {
        return form;
    }

    boolean isExact() {
        return form == Form.EXACT;
    }

    /** What a name must start with (PREFIX), end with (SUFFIX), contain (CONTAINS) or be (EXACT). */
    String rest() {
        return rest;
    }

    boolean matches(String value) {
        return switch (form) {
            case EXACT -> text.equals(value);
            case ANY -> true;
            case PREFIX -> value.startsWith(rest);
            case SUFFIX -> value.endsWith(rest);
            case CONTAINS -> value.contains(rest);
            case NOTHING -> false;
        };
    }
}
