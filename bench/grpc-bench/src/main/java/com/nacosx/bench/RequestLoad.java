package com.nacosx.bench;

import com.nacosx.api.remote.Request;
import com.nacosx.testsupport.NacosGrpcClient;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Keeps {@code inflight} requests in flight on each connection for a while, each made by a
 * request maker from the connection's index, and counts answers, errors and latencies. The same
 * driver measures every request-rate workload, so they are comparable.
 */
final class RequestLoad {

    record Result(long done, long errors, Latencies latencies) {

        String line(int seconds, double cpuPercent) {
            double perSecond = done / (double) seconds;
            return String.format("requests %d, errors %d, %.0f req/s, %s; server CPU %.0f%% (%.1f µs per request)",
                    done, errors, perSecond, latencies.summary(), cpuPercent, cpuPercent * 10_000 / Math.max(1, perSecond));
        }
    }

    private final List<NacosGrpcClient> clients;
    private final int inflight;
    private final Function<Integer, Request> requestFor;

    RequestLoad(List<NacosGrpcClient> clients, int inflight, Function<Integer, Request> requestFor) {
        this.clients = clients;
        this.inflight = inflight;
        this.requestFor = requestFor;
    }

    /** Warms up for {@code warmup} seconds, then measures {@code seconds} with the server's CPU, and prints the line. */
    void warmUpAndMeasure(Args args, String title, int warmup, int seconds) {
        System.out.printf("warm-up %d s%n", warmup);
        drive(warmup);
        Result[] measured = new Result[1];
        double cpu = args.server().cpuPercentDuring(() -> measured[0] = drive(seconds));
        System.out.println(title);
        System.out.println(measured[0].line(seconds, cpu));
    }

    Result drive(int seconds) {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong done = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        Latencies latencies = new Latencies();
        CountDownLatch finished = new CountDownLatch(clients.size() * inflight);
        for (int index = 0; index < clients.size(); index++) {
            for (int i = 0; i < inflight; i++) {
                next(index, deadline, done, errors, latencies, finished);
            }
        }
        try {
            finished.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new Result(done.get(), errors.get(), latencies);
    }

    private void next(int index, long deadline, AtomicLong done, AtomicLong errors, Latencies latencies,
            CountDownLatch finished) {
        if (System.nanoTime() >= deadline) {
            finished.countDown();
            return;
        }
        long start = System.nanoTime();
        clients.get(index).request(requestFor.apply(index)).whenComplete((answer, error) -> {
            if (error != null || !answer.isSuccess()) {
                if (errors.incrementAndGet() == 1) {
                    System.err.println("first failed request: "
                            + (error != null ? error : answer.errorCode + " " + answer.message));
                }
            } else {
                done.incrementAndGet();
                latencies.record(System.nanoTime() - start);
            }
            next(index, deadline, done, errors, latencies, finished);
        });
    }
}
