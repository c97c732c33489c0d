package com.nacosx.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a server process's CPU time and RSS from /proc, so both servers are measured the same way. */
final class ProcessSampler {

    private static final long CLOCK_TICKS_PER_SECOND = 100;

    private final long pid;

    ProcessSampler(long pid) {
        this.pid = pid;
    }

    /** User plus system CPU time consumed so far, in milliseconds. */
    long cpuMillis() {
        String stat = read("stat");
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        return ticks * 1000 / CLOCK_TICKS_PER_SECOND;
    }

    long rssMegabytes() {
        for (String line : read("status").split("\n")) {
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

    private String read(String file) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/" + pid + "/" + file + ": is the server running?", e);
        }
    }
}
