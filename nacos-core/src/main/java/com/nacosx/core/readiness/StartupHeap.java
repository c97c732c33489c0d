package com.nacosx.core.readiness;

/**
 * One full collection right before a node opens its client port moves what its start built (the
 * Spring context, the data loaded so far) to the old generation while no client waits on it. Left
 * to the young collections under load, that data is copied twice, into a survivor space and then
 * into the old generation: a node's first two young pauses under 14,000 1.x clients took
 * 0.18-0.56 s, its later ones 0.01-0.06 s (bench/upgrade.sh). {@code -XX:+DisableExplicitGC}
 * turns it off.
 */
public final class StartupHeap {

    private StartupHeap() {
    }

    public static void collect() {
        StartupStep.timed("collecting the heap the start left", System::gc);
    }
}
