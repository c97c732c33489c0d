package com.nacosx.naming.distro;

import java.time.Instant;

/**
 * The wall clock, in microseconds since the epoch, that orders the changes of one ephemeral
 * client across nodes: a Distro revision is the moment its change was made, and a 1.x write a
 * node passes on carries the moment it arrived there. Two nodes' readings compare as far as their
 * clocks agree, which is why the nodes of a cluster keep NTP time.
 */
public final class ChangeClock {

    private ChangeClock() {
    }

    public static long now() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
    }

    /** The reading {@code millis} milliseconds ago. */
    static long before(long millis) {
        return now() - millis * 1_000L;
    }
}
