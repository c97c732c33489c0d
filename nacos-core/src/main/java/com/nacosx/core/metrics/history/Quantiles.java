package com.nacosx.core.metrics.history;

import java.util.Map;

/**
 * A quantile of what a timer observed between two readings, read off the growth of its
 * cumulative buckets and interpolated inside the bucket it falls in, as Prometheus's
 * {@code histogram_quantile} does; past the last bound it is that bound.
 */
final class Quantiles {

    private Quantiles() {
    }

    /** @return the q-quantile (0..1) in ms, or null when nothing was observed */
    static Double between(Reading.Latencies before, Reading.Latencies after, double q) {
        long total = after.count() - before.count();
        if (total <= 0) {
            return null;
        }
        double rank = q * total;
        double lowerBound = 0;
        long lowerCount = 0;
        for (Map.Entry<Double, Long> bucket : after.bucketsMillis().entrySet()) {
            long grown = bucket.getValue() - before.bucketsMillis().getOrDefault(bucket.getKey(), 0L);
            if (grown >= rank) {
                long inBucket = grown - lowerCount;
                return inBucket <= 0 ? bucket.getKey()
                        : lowerBound + (bucket.getKey() - lowerBound) * ((rank - lowerCount) / inBucket);
            }
            lowerBound = bucket.getKey();
            lowerCount = grown;
        }
        return lowerBound;
    }
}
