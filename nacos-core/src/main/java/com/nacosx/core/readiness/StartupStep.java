package com.nacosx.core.readiness;

import com.nacosx.core.util.DaemonThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A start-up step that takes as long as the machine needs (creating a database on a busy host,
 * waiting for MySQL to come up) instead of giving up after a fixed deadline. So that a slow start
 * is not mistaken for a hung one, it says in {@code nacos.log} when it begins, every
 * {@link #PROGRESS_SECONDS} s while it runs, and when it ends.
 */
public final class StartupStep {

    /** Where a slow start explains itself; steps add what they are waiting for. */
    public static final Logger LOG = LoggerFactory.getLogger("com.nacosx.startup");

    static final long PROGRESS_SECONDS = 10;

    /** The steps done so far, each with its time, for the start's phases ({@link StartPhases}). */
    private static final Queue<String> DONE = new ConcurrentLinkedQueue<>();

    private StartupStep() {
    }

    /**
     * Runs {@code step} on the caller's thread and returns its result; what it throws is rethrown.
     * A stop requested meanwhile (SIGTERM, {@code bin/shutdown.sh}) interrupts the step: Spring
     * closes nothing while the start holds its context, so a step that waits for ever (MySQL that
     * never comes) would otherwise keep a stopped server alive.
     *
     * @throws IllegalStateException when the server is stopped during the step
     */
    public static <T> T run(String what, Callable<T> step) throws Exception {
        long start = System.nanoTime();
        LOG.info("{} ...", what);
        ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor(
                DaemonThreads.named("startup-progress"));
        progress.scheduleAtFixedRate(() -> LOG.info("still {} after {} s", what, secondsSince(start)),
                PROGRESS_SECONDS, PROGRESS_SECONDS, TimeUnit.SECONDS);
        Thread stopper = new Thread(Thread.currentThread()::interrupt, "startup-step-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        try {
            T result = step.call();
            done(what, start);
            return result;
        } catch (InterruptedException stopped) {
            LOG.warn("{}: abandoned after {} s, the server is stopping", what, secondsSince(start));
            throw new IllegalStateException(what + ": abandoned, the server is stopping", stopped);
        } finally {
            progress.shutdownNow();
            try {
                Runtime.getRuntime().removeShutdownHook(stopper);
            } catch (IllegalStateException stopping) {
                // The hook has run or is running: nothing to remove.
            }
        }
    }

    /** Runs a short step of the start (no progress lines, no stop) and records its time. */
    public static void timed(String what, Runnable step) {
        timed(what, () -> {
            step.run();
            return null;
        });
    }

    /** As {@link #timed(String, Runnable)}, for a step with a result. */
    public static <T> T timed(String what, Supplier<T> step) {
        long start = System.nanoTime();
        T result = step.get();
        done(what, start);
        return result;
    }

    private static void done(String what, long start) {
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        LOG.info("{}: done in {} ms", what, millis);
        DONE.add(what + " " + millis + " ms");
    }

    /** The steps done since the last call, in the order they ended. */
    static List<String> drainDone() {
        List<String> steps = new ArrayList<>();
        for (String step = DONE.poll(); step != null; step = DONE.poll()) {
            steps.add(step);
        }
        return steps;
    }

    private static long secondsSince(long start) {
        return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    }
}
