package com.nacosx.api.remote.fuzzy;

/**
 * The words of the 3.x fuzzy watch, shared by configs and services. A pattern is
 * {@code namespace>>group>>name}; the group and the name may hold {@code *}.
 */
public final class FuzzyWatch {

    public static final String PATTERN_SPLITTER = ">>";
    public static final String ANY = "*";

    /** {@code watchType} of a watch request. */
    public static final String WATCH = "WATCH";
    public static final String CANCEL_WATCH = "CANCEL_WATCH";

    /** {@code syncType} of a sync push: the first listing, a resync, its end, and one change. */
    public static final String INIT_NOTIFY = "FUZZY_WATCH_INIT_NOTIFY";
    public static final String DIFF_SYNC_NOTIFY = "FUZZY_WATCH_DIFF_SYNC_NOTIFY";
    public static final String FINISH_INIT_NOTIFY = "FINISH_FUZZY_WATCH_INIT_NOTIFY";
    public static final String RESOURCE_CHANGED = "FUZZY_WATCH_RESOURCE_CHANGED";

    /** The ability a server advertises in its setup ack so that the 3.x SDK lets applications watch. */
    public static final String ABILITY = "fuzzyWatch";

    private FuzzyWatch() {
    }
}
