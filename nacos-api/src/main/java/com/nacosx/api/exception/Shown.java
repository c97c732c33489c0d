package com.nacosx.api.exception;

/**
 * A caller's value as an error message or a log line shows it: at most {@link #MAX_CHARS}
 * characters, so that a multi-megabyte parameter cannot fill an answer or the logs.
 */
public final class Shown {

    public static final int MAX_CHARS = 128;

    private Shown() {
    }

    public static String bounded(String value) {
        if (value == null || value.length() <= MAX_CHARS) {
            return value;
        }
        return value.substring(0, MAX_CHARS) + "...(" + value.length() + " characters)";
    }
}
