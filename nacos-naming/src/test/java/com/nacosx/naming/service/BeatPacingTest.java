package com.nacosx.naming.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.model.ServiceKey;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BeatPacingTest {

    static final ServiceKey SERVICE = new ServiceKey("public", "DEFAULT_GROUP", "legacy-1");
    static final long INTERVAL = 5_000;
    static final long START = 1_800_000_000_000L;
    /** From an answer to the next beat's answer: the network and the client's own scheduling. */
    static final long TRAVEL = 3;
    static final int COHORT = 2_000;
    static final long SLOT = 100;

    final BeatPacing pacing = pacing(true);

    static BeatPacing pacing(boolean on) {
        return new BeatPacing(new NamingProperties(null, null,
                new NamingProperties.Beat(Duration.ofSeconds(5), true, on), null));
    }

    static String ip(int index) {
        return "10.0." + (index >> 8) + "." + (index & 0xff);
    }

    @Test
    void unpacedTheIntervalIsAnsweredAsItIs() {
        for (int i = 0; i < 100; i++) {
            assertEquals(INTERVAL, pacing(false).nextBeatIn(SERVICE, ip(i), 8080, INTERVAL, START + i * 37));
        }
    }

    @Test
    void theIntervalIsOnlyEverShortenedAndByAtMostAFifth() {
        for (int i = 0; i < 10_000; i++) {
            long answered = pacing.nextBeatIn(SERVICE, ip(i % 300), 8080, INTERVAL, START + i * 7L);
            assertTrue(answered <= INTERVAL && answered >= INTERVAL - INTERVAL / 5, "answered " + answered);
        }
    }

    @Test
    void instancesMomentsAreSpreadOverTheInterval() {
        long[] moments = new long[COHORT];
        for (int i = 0; i < COHORT; i++) {
            moments[i] = BeatPacing.moment(SERVICE, ip(i), 8080, INTERVAL);
        }
        assertTrue(busiestSlot(moments) <= 2 * COHORT * SLOT / INTERVAL,
                "neighbouring addresses land apart; busiest slot " + busiestSlot(moments));
    }

    @Test
    void aCohortThatBeatsTogetherIsSpreadWithinFiveBeats() {
        long[] arrivals = new long[COHORT];
        Arrays.fill(arrivals, START);
        assertEquals(COHORT, busiestSlot(arrivals));
        for (int beat = 0; beat < 5; beat++) {
            for (int i = 0; i < COHORT; i++) {
                arrivals[i] += pacing.nextBeatIn(SERVICE, ip(i), 8080, INTERVAL, arrivals[i]) + TRAVEL;
            }
        }
        assertTrue(busiestSlot(arrivals) <= 2 * COHORT * SLOT / INTERVAL,
                "spread as the moments are; busiest slot " + busiestSlot(arrivals));
    }

    @Test
    void aBeatOnItsMomentStaysThereAndOneSlightlyEarlyIsNotSentRoundTheInterval() {
        long moment = BeatPacing.moment(SERVICE, ip(7), 8080, INTERVAL);
        long onTime = START - Math.floorMod(START, INTERVAL) + moment + TRAVEL;
        assertEquals(INTERVAL - TRAVEL, pacing.nextBeatIn(SERVICE, ip(7), 8080, INTERVAL, onTime));
        long earlyByAClockSkew = onTime - TRAVEL - 40;
        assertEquals(INTERVAL, pacing.nextBeatIn(SERVICE, ip(7), 8080, INTERVAL, earlyByAClockSkew));
    }

    /** The most arrivals in one {@link #SLOT} of the interval. */
    static int busiestSlot(long[] arrivals) {
        int[] slots = new int[(int) (INTERVAL / SLOT)];
        for (long arrival : arrivals) {
            slots[(int) (Math.floorMod(arrival, INTERVAL) / SLOT)]++;
        }
        return Arrays.stream(slots).max().orElse(0);
    }
}
