package com.nacosx.bench;

import com.nacosx.testsupport.NacosGrpcClient;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every connection sends a HealthCheckRequest every {@code interval} seconds, as the SDK does, each
 * at its own phase; the answers are counted and timed.
 */
final class HealthChecks implements AutoCloseable {

    private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(2);
    private final AtomicLong ok = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final Latencies latencies = new Latencies();

    HealthChecks(List<NacosGrpcClient> clients, int interval) {
        for (NacosGrpcClient client : clients) {
            timer.scheduleAtFixedRate(() -> {
                long sent = System.nanoTime();
                client.healthCheck().whenComplete((answer, error) -> {
                    if (error != null || !answer.isSuccess()) {
                        failed.incrementAndGet();
                    } else {
                        ok.incrementAndGet();
                        latencies.record(System.nanoTime() - sent);
                    }
                });
            }, ThreadLocalRandom.current().nextLong(interval * 1000L), interval * 1000L, TimeUnit.MILLISECONDS);
        }
    }

    long ok() {
        return ok.get();
    }

    long failed() {
        return failed.get();
    }

    String latencySummary() {
        return latencies.summary();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
