package com.nacosx.testsupport;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How long a test may wait for something that takes a given time on an idle machine. A server's
 * threads get a fair share of a busy machine's cores, not all of them: with twice as many runnable
 * threads as cores, everything takes about twice as long. So a wait stretches by the machine's
 * load per core (the larger of the last minute's average and the threads runnable now), never
 * below the idle time. {@code -Dnacosx.test.patience=F} fixes the factor instead.
 */
public final class Patience {

    private static final int CORES = Runtime.getRuntime().availableProcessors();
    private static final double MAX_FACTOR = 20;

    private Patience() {
    }

    /** {@code idleMillis} stretched for how busy the machine is now. */
    public static long millis(long idleMillis) {
        return (long) (idleMillis * factor());
    }

    public static Duration of(Duration idle) {
        return Duration.ofMillis(millis(idle.toMillis()));
    }

    /** 1 on an idle machine, more under load. */
    public static double factor() {
        String fixed = System.getProperty("nacosx.test.patience");
        if (fixed != null && !fixed.isBlank()) {
            return Double.parseDouble(fixed);
        }
        double[] load = loadAverage();
        double perCore = Math.max(load[0], load[1]) / CORES;
        return Math.min(MAX_FACTOR, Math.max(1, perCore));
    }

    /** The last minute's load average and the count of threads runnable now, from /proc/loadavg. */
    private static double[] loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            double runnableNow = Double.parseDouble(fields[3].substring(0, fields[3].indexOf('/')));
            return new double[] {Double.parseDouble(fields[0]), runnableNow};
        } catch (IOException | RuntimeException unreadable) {
            // No /proc: fall back to the JVM's view of the load average, or none.
            double average = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            return new double[] {Math.max(average, 0), 0};
        }
    }
}
