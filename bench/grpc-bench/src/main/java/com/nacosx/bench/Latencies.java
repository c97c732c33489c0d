package com.nacosx.bench;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A lock-free latency histogram with 1% resolution buckets from 1 µs to ~100 s, good enough for
 * p50/p99/p999 under load from many threads.
 */
final class Latencies {

    private static final double GROWTH = 1.01;
    private static final int BUCKETS = (int) (Math.log(1e8) / Math.log(GROWTH)) + 2;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);

    void record(long nanos) {
        double micros = Math.max(1, nanos / 1000.0);
        counts.incrementAndGet(Math.min(BUCKETS - 1, (int) (Math.log(micros) / Math.log(GROWTH))));
    }

    long count() {
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            total += counts.get(i);
        }
        return total;
    }

    /** The latency at quantile {@code q} (0..1), in milliseconds. */
    double quantileMillis(double q) {
        long total = count();
        long wanted = (long) Math.ceil(total * q);
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts.get(i);
            if (seen >= wanted && seen > 0) {
                return Math.pow(GROWTH, i + 1) / 1000.0;
            }
        }
        return 0;
    }

    /**
     * The buckets that counted a latency, as {@code index:count} separated by spaces: bucket
     * {@code i} holds the latencies up to 1.01^(i+1) µs. Windows printed this way can be merged and
     * their quantiles taken as {@link #quantileMillis} takes them.
     */
    String buckets() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < BUCKETS; i++) {
            long count = counts.get(i);
            if (count > 0) {
                text.append(text.isEmpty() ? "" : " ").append(i).append(':').append(count);
            }
        }
        return text.toString();
    }

    String summary() {
        return String.format("p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms", quantileMillis(0.5), quantileMillis(0.99),
                quantileMillis(0.999));
    }
}
