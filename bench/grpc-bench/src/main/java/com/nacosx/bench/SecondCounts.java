package com.nacosx.bench;

import java.io.PrintWriter;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The 1.x clients' beats and registrations counted second by second of the wall clock, so that a
 * run's phases (a node stopping, starting, ready), which last a few seconds, can each be given
 * their own counts: a line a second, {@code HH:mm:ss beats sent S answered A failed F registers
 * sent R failed RF}, the time being the second counted. Does nothing without a file.
 */
final class SecondCounts {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final PrintWriter out;
    private final AtomicLong beatsSent = new AtomicLong();
    private final AtomicLong beatsAnswered = new AtomicLong();
    private final AtomicLong beatsFailed = new AtomicLong();
    private final AtomicLong registersSent = new AtomicLong();
    private final AtomicLong registersFailed = new AtomicLong();

    SecondCounts(PrintWriter out) {
        this.out = out;
    }

    void beatSent() {
        beatsSent.incrementAndGet();
    }

    /** A beat some server answered 200 ({@code answered}), or that every server failed. */
    void beatDone(boolean answered) {
        (answered ? beatsAnswered : beatsFailed).incrementAndGet();
    }

    void registerSent() {
        registersSent.incrementAndGet();
    }

    void registerFailed() {
        registersFailed.incrementAndGet();
    }

    /** Writes each second's line just after the second ends, on {@code timer}. */
    void startWriting(ScheduledExecutorService timer) {
        if (out == null) {
            return;
        }
        LocalTime now = LocalTime.now();
        long untilNextSecond = ChronoUnit.NANOS.between(now, now.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1));
        timer.scheduleAtFixedRate(this::write, untilNextSecond, TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS);
    }

    private void write() {
        // The timer runs a little after the second ends, or late after a pause: round to the second it closes.
        LocalTime counted = LocalTime.now().minusNanos(TimeUnit.MILLISECONDS.toNanos(500))
                .truncatedTo(ChronoUnit.SECONDS);
        out.println(counted.format(CLOCK) + " beats sent " + beatsSent.getAndSet(0) + " answered "
                + beatsAnswered.getAndSet(0) + " failed " + beatsFailed.getAndSet(0) + " registers sent "
                + registersSent.getAndSet(0) + " failed " + registersFailed.getAndSet(0));
    }
}
