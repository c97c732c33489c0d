package com.nacosx.core.readiness;

import com.nacosx.core.util.DaemonThreads;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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

    private StartupStep() {
    }

    /** Runs {@code step} on the caller's thread and returns its result; what it throws is rethrown. */
    public static <T> T run(String what, Callable<T> step) throws Exception {
        long start = System.nanoTime();
        LOG.info("{} ...", what);
        ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor(
                DaemonThreads.named("startup-progress"));
        progress.scheduleAtFixedRate(() -> LOG.info("still {} after {} s", what, secondsSince(start)),
                PROGRESS_SECONDS, PROGRESS_SECONDS, TimeUnit.SECONDS);
        try {
            T result = step.call();
            LOG.info("{}: done in {} ms", what, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
            return result;
        } finally {
            progress.shutdownNow();
        }
    }

    private static long secondsSince(long start) {
        return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    }
}
