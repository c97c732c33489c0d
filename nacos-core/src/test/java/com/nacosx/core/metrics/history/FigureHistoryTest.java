package com.nacosx.core.metrics.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.nacosx.core.metrics.GrpcRequestTimers;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class FigureHistoryTest {

    @Test
    void aQuantileIsReadOffTheBucketsThatGrewBetweenTwoReadings() {
        Reading.Latencies before = new Reading.Latencies(10, buckets(10, 10, 10));
        // 100 new observations, all between 10 and 100 ms: the p99 is near the top of that bucket.
        Reading.Latencies after = new Reading.Latencies(110, buckets(10, 110, 110));
        assertEquals(99.1, Quantiles.between(before, after, 0.99), 0.01);
        assertEquals(55.0, Quantiles.between(before, after, 0.5), 0.01);
        assertNull(Quantiles.between(after, after, 0.99), "nothing observed, no quantile");
    }

    @Test
    void pointsAreRatesBetweenReadingsAndOnlyTheLastFifteenMinutesAreKept() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        Timer timer = Timer.builder(GrpcRequestTimers.NAME).serviceLevelObjectives(Duration.ofMillis(1),
                Duration.ofMillis(100)).register(registry);
        FigureHistory history = new FigureHistory(registry);
        history.read(1_000);
        for (int i = 0; i < 50; i++) {
            timer.record(50, TimeUnit.MILLISECONDS);
        }
        history.read(6_000);
        assertEquals(1, history.since(0).size());
        FigurePoint point = history.since(0).get(0);
        assertEquals(6_000, point.at());
        assertEquals(10.0, point.grpcPerSecond(), 0.001, "50 requests in 5 s");
        assertEquals(50.5, point.grpcP50Millis(), 0.01);
        assertNull(point.pushP99Millis(), "no push timed");
        assertEquals(0, history.since(point.at()).size(), "nothing newer than the newest");

        for (int i = 0; i < FigureHistory.KEPT + 5; i++) {
            history.add(new FigurePoint(point.at() + i + 1, 0, 0, 0, null, null, null, null, 0, 0, 0));
        }
        assertEquals(FigureHistory.KEPT, history.since(0).size());
    }

    private static Map<Double, Long> buckets(long upTo1, long upTo100, long upTo1000) {
        Map<Double, Long> buckets = new TreeMap<>();
        buckets.put(10.0, upTo1);
        buckets.put(100.0, upTo100);
        buckets.put(1000.0, upTo1000);
        return buckets;
    }
}
