package com.nacosx.core.metrics.history;

/**
 * What the node did between two readings, as the console plots it: requests and pushes a second,
 * latency quantiles in ms (null when nothing was timed), and the gauges at the end.
 */
public record FigurePoint(long at, double grpcPerSecond, double httpPerSecond, double pushesPerSecond,
                          Double grpcP50Millis, Double grpcP99Millis, Double httpP99Millis, Double pushP99Millis,
                          double connections, double heapMb, double cpuPercent) {

    static FigurePoint between(Reading before, Reading after) {
        double seconds = Math.max(0.001, (after.at() - before.at()) / 1000.0);
        return new FigurePoint(after.at(), rate(before.grpc(), after.grpc(), seconds),
                rate(before.http(), after.http(), seconds), rate(before.push(), after.push(), seconds),
                Quantiles.between(before.grpc(), after.grpc(), 0.5), Quantiles.between(before.grpc(), after.grpc(), 0.99),
                Quantiles.between(before.http(), after.http(), 0.99), Quantiles.between(before.push(), after.push(), 0.99),
                after.connections(), after.heapBytes() / (1024 * 1024), after.cpu() * 100);
    }

    private static double rate(Reading.Latencies before, Reading.Latencies after, double seconds) {
        return Math.max(0, after.count() - before.count()) / seconds;
    }
}
