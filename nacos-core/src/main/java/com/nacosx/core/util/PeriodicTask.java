package com.nacosx.core.util;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs one piece of background work on its own daemon thread, at start and then every period,
 * from the server's start to its stop. A run that fails is logged and the next one runs as planned.
 */
public final class PeriodicTask implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(PeriodicTask.class);

    private final String name;
    private final long periodSeconds;
    private final Runnable work;
    private ScheduledExecutorService timer;

    public PeriodicTask(String name, long periodSeconds, Runnable work) {
        this.name = name;
        this.periodSeconds = periodSeconds;
        this.work = work;
    }

    @Override
    public void start() {
        timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named(name));
        timer.scheduleWithFixedDelay(this::runOnce, 0, periodSeconds, TimeUnit.SECONDS);
    }

    private void runOnce() {
        try {
            work.run();
        } catch (RuntimeException e) {
            LOG.warn("{} failed; it runs again in {} s: {}", name, periodSeconds, e.toString());
        }
    }

    @Override
    public void stop() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    @Override
    public boolean isRunning() {
        return timer != null && !timer.isShutdown();
    }
}
