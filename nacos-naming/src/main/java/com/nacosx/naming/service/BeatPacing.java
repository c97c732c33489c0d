package com.nacosx.naming.service;

import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.model.ServiceKey;
import org.springframework.stereotype.Component;

/**
 * How long a 1.x client waits before its next beat: the {@code clientBeatInterval} of the answer,
 * which the 1.4 client takes as the delay from that answer to its next beat.
 *
 * <p>Answered as it is, as the official does, clients that once beat together keep beating
 * together: those registered in one storm, or sent on to the same node when theirs went down, or
 * held up by one pause. A node then meets them as one burst each interval, and the last of the
 * burst waits for all the others. Paced ({@code nacos.naming.beat.pacing}, on by default), each
 * instance has its own moment in the interval, spread by a hash of its service and address, and
 * each answer shortens the interval so that the next beat lands on that moment, by at most a fifth
 * of it: a burst is spread over the interval within five beats. The interval is never lengthened,
 * so no instance comes nearer its beat timeout than it would unpaced.
 */
@Component
public class BeatPacing {

    /** The interval is shortened by at most this part of it per beat. */
    static final int MOST_SHORTENED_PART = 5;
    /**
     * A beat this part of the interval or less before its moment is on time: the members' clocks
     * may differ by that much, and the travel of the next beats brings it back to its moment.
     */
    static final int EARLY_ENOUGH_PART = 50;

    private final boolean paced;

    public BeatPacing(NamingProperties properties) {
        this.paced = properties.beat().pacing();
    }

    /**
     * @param interval the instance's beat interval (the switch {@code clientBeatInterval}, or its own)
     * @param now      when the beat is answered, epoch millis
     * @return the {@code clientBeatInterval} to answer, at most {@code interval}
     */
    public long nextBeatIn(ServiceKey service, String ip, int port, long interval, long now) {
        if (!paced || interval < EARLY_ENOUGH_PART) {
            return interval;
        }
        long late = Math.floorMod(now - moment(service, ip, port, interval), interval);
        if (late >= interval - interval / EARLY_ENOUGH_PART) {
            return interval;
        }
        return interval - Math.min(late, interval / MOST_SHORTENED_PART);
    }

    /** The instance's moment, in [0, interval): the same on every member, whichever answers. */
    static long moment(ServiceKey service, String ip, int port, long interval) {
        long hash = (service + "#" + ip + ":" + port).hashCode();
        // Fibonacci hashing: addresses that differ in one digit land far apart in the interval.
        long spread = (hash * 0x9E3779B97F4A7C15L) >>> 32;
        return spread % interval;
    }
}
