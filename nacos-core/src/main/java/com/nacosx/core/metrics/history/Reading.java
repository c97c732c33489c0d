package com.nacosx.core.metrics.history;

import com.nacosx.core.metrics.GrpcRequestTimers;
import com.nacosx.core.metrics.HttpRequestTimers;
import com.nacosx.core.metrics.PushMetrics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.search.Search;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The node's counters and gauges at one moment, as its Prometheus endpoint shows them: requests
 * and pushes counted so far with their latency buckets (cumulative counts per upper bound, in
 * ms), client connections, heap used and the process's CPU.
 */
record Reading(long at, Latencies grpc, Latencies http, Latencies push, double connections, double heapBytes,
               double cpu) {

    /** One timer family: how many it timed so far, and how many of those within each bound. */
    record Latencies(long count, Map<Double, Long> bucketsMillis) {
    }

    static Reading of(MeterRegistry registry, long at) {
        return new Reading(at, latencies(registry, GrpcRequestTimers.NAME), latencies(registry, HttpRequestTimers.NAME),
                latencies(registry, PushMetrics.PUSH),
                gauge(registry, "nacos_monitor", "name", "longConnection"),
                gauge(registry, "jvm.memory.used", "area", "heap"),
                gauge(registry, "process.cpu.usage", null, null));
    }

    private static Latencies latencies(MeterRegistry registry, String name) {
        long count = 0;
        Map<Double, Long> buckets = new TreeMap<>();
        for (Timer timer : registry.find(name).timers()) {
            var snapshot = timer.takeSnapshot();
            count += snapshot.count();
            for (CountAtBucket bucket : snapshot.histogramCounts()) {
                buckets.merge(bucket.bucket(TimeUnit.MILLISECONDS), (long) bucket.count(), Long::sum);
            }
        }
        return new Latencies(count, buckets);
    }

    private static double gauge(MeterRegistry registry, String name, String tag, String value) {
        Search search = tag == null ? registry.find(name) : registry.find(name).tag(tag, value);
        return search.gauges().stream().mapToDouble(Gauge::value).filter(Double::isFinite).sum();
    }
}
