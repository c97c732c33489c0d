package com.nacosx.core.util;

import java.util.concurrent.TimeUnit;

/**
 * Runs one piece of background work on its own daemon thread, at start and then every period,
 * from the server's start to its stop. A run that fails is logged and the next one runs as planned.
 */
public final class PeriodicTask extends BackgroundRounds {

    private final long periodSeconds;
    private final Runnable work;

    public PeriodicTask(String name, long periodSeconds, Runnable work) {
        super(name);
        this.periodSeconds = periodSeconds;
        this.work = work;
    }

    @Override
    protected void scheduleRounds() {
        every(0, periodSeconds, TimeUnit.SECONDS, work);
    }
}
