package com.nacosx.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Reads server processes' CPU time and RSS from /proc, so every server is measured the same way; the
 * nodes of a cluster are summed.
 */
final class ProcessSampler {

    private static final long CLOCK_TICKS_PER_SECOND = 100;

    private final long[] pids;

    ProcessSampler(long... pids) {
        this.pids = pids;
    }

    /** User plus system CPU time consumed so far, in milliseconds. */
    long cpuMillis() {
        long ticks = 0;
        for (long pid : pids) {
            String stat = read(pid, "stat");
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        }
        return ticks * 1000 / CLOCK_TICKS_PER_SECOND;
    }

    long rssMegabytes() {
        return rssMegabytesEach().stream().mapToLong(Long::longValue).sum();
    }

    /** Each process's RSS, in the order they were given. */
    List<Long> rssMegabytesEach() {
        return Arrays.stream(pids).mapToObj(ProcessSampler::rssMegabytes).toList();
    }

    private static long rssMegabytes(long pid) {
        for (String line : read(pid, "status").split("\n")) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        }
        throw new IllegalStateException("no VmRSS for pid " + pid);
    }

    /** Runs {@code window} and returns the server's CPU use during it, in percent of one core. */
    double cpuPercentDuring(Runnable window) {
        long cpuBefore = cpuMillis();
        long start = System.nanoTime();
        window.run();
        long wallMillis = (System.nanoTime() - start) / 1_000_000;
        return 100.0 * (cpuMillis() - cpuBefore) / wallMillis;
    }

    private static String read(long pid, String file) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/" + pid + "/" + file + ": is the server running?", e);
        }
    }
}
