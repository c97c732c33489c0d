package com.nacosx.core.util;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A component's background rounds, on one daemon thread of its own named after it, from the
 * server's start to its stop. A round that throws is logged (under the component's own class, so
 * in its concern's log file) and the next one still runs: a scheduled task that throws would
 * otherwise never run again, silently.
 */
public abstract class BackgroundRounds implements SmartLifecycle {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final String name;
    private final ScheduledExecutorService timer;
    private volatile boolean running;

    protected BackgroundRounds(String name) {
        this.name = name;
        this.timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named(name));
    }

    /** Schedules the rounds ({@link #every}, {@link #once}); called once, at start. */
    protected abstract void scheduleRounds();

    /** Runs {@code round} after {@code initialDelay}, then {@code period} after each run ends. */
    protected final void every(long initialDelay, long period, TimeUnit unit, Runnable round) {
        timer.scheduleWithFixedDelay(() -> guarded(round), initialDelay, period, unit);
    }

    /** Runs {@code work} once, on the rounds' thread, as soon as it is free. */
    protected final void once(Runnable work) {
        unlessStopped(() -> timer.execute(() -> guarded(work)));
    }

    /** Runs {@code work} once, on the rounds' thread, after {@code delay}. */
    protected final void after(long delay, TimeUnit unit, Runnable work) {
        unlessStopped(() -> timer.schedule(() -> guarded(work), delay, unit));
    }

    /**
     * Hands work to the rounds' thread, or drops it once the component has stopped: a member
     * change seen while the server shuts down (its peers' connections close) is no longer worth
     * acting on, and refusing it would fail the caller's listener.
     */
    private void unlessStopped(Runnable handOver) {
        try {
            handOver.run();
        } catch (RejectedExecutionException refused) {
            if (!timer.isShutdown()) {
                throw refused;
            }
        }
    }

    /** The rounds' thread, to finish work there (a peer's answer) without racing a round. */
    protected final Executor thread() {
        return timer;
    }

    private void guarded(Runnable round) {
        try {
            round.run();
        } catch (RuntimeException e) {
            log.warn("[{}] a round failed; the next one runs as planned", name, e);
        }
    }

    @Override
    public void start() {
        running = true;
        scheduleRounds();
    }

    @Override
    public void stop() {
        running = false;
        timer.shutdownNow();
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
