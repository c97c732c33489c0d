package com.nacosx.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps every core of the machine busy, as other work on a shared host does, until closed or
 * until its bound runs out (so a test that dies cannot leave it spinning).
 */
public final class BusyCores implements AutoCloseable {

    private final List<Thread> spinners = new ArrayList<>();
    private volatile boolean running = true;
    /** Where the spinning work goes, so that the JIT cannot drop it as unused. */
    private volatile long sink;

    private BusyCores(int threads, Duration bound) {
        long end = System.nanoTime() + bound.toNanos();
        for (int i = 0; i < threads; i++) {
            Thread spinner = new Thread(() -> spin(end), "busy-core-" + i);
            spinner.setDaemon(true);
            spinners.add(spinner);
            spinner.start();
        }
    }

    /** One spinning thread per core, for at most {@code bound}. */
    public static BusyCores all(Duration bound) {
        return new BusyCores(Runtime.getRuntime().availableProcessors(), bound);
    }

    private void spin(long end) {
        long work = 0;
        while (running && System.nanoTime() < end) {
            for (int i = 0; i < 100_000; i++) {
                work += i ^ work;
            }
            sink = work;
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        for (Thread spinner : spinners) {
            spinner.join();
        }
    }
}
