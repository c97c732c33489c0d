package com.nacosx.naming.registry;

import com.nacosx.naming.model.InstanceRecord;

import java.util.List;

/**
 * The instances one client publishes in one service (one, or a batch), and when the client last
 * showed it is alive. The list is never changed in place: an update makes a new publication.
 */
public final class Publication {

    private final List<InstanceRecord> instances;
    private volatile long lastBeat;

    Publication(List<InstanceRecord> instances, long lastBeat) {
        this.instances = List.copyOf(instances);
        this.lastBeat = lastBeat;
    }

    public List<InstanceRecord> instances() {
        return instances;
    }

    public long lastBeat() {
        return lastBeat;
    }

    /** A beat applied late (one a starting node kept) must not move the last beat back. */
    void beat(long at) {
        if (at > lastBeat) {
            lastBeat = at;
        }
    }
}
