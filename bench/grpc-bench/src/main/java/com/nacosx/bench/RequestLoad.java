package com.nacosx.bench;

import com.nacosx.api.remote.Request;
import com.nacosx.testsupport.NacosGrpcClient;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
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

    /**
     * The config workloads' common shape: opens {@code --connections} clients, lets {@code prepare}
     * use the first (to seed configs), then keeps {@code --inflight} requests made by
     * {@code requestFor} in flight on each, warmed up and measured.
     *
     * @param requestFor makes a request for one of {@code --configs} configs of {@code --size} bytes
     */
    static void measureConfigRequests(Args args, String workload, int defaultInflight, int defaultConfigs,
            BiConsumer<NacosGrpcClient, ConfigShape> prepare, Function<ConfigShape, Request> requestFor) {
        ConfigShape shape = new ConfigShape(args.number("connections", 8), args.number("inflight", defaultInflight),
                args.number("configs", defaultConfigs), args.number("size", 1024));
        int seconds = args.number("seconds", 20);
        try (Clients clients = new Clients(args)) {
            List<NacosGrpcClient> ready = clients.open(shape.connections(), List.of(args.host()), i -> push -> { });
            prepare.accept(ready.get(0), shape);
            new RequestLoad(ready, shape.inflight(), index -> requestFor.apply(shape)).warmUpAndMeasure(args,
                    String.format("%s over gRPC: %d connections x %d in flight, %d configs of %d B, %d s", workload,
                            shape.connections(), shape.inflight(), shape.configs(), shape.size(), seconds),
                    args.number("warmup", 10), seconds);
        }
    }

    /** How many connections, requests in flight on each, configs and bytes per config a config workload uses. */
    record ConfigShape(int connections, int inflight, int configs, int size) {
    }

    /**
     * Warms up for {@code warmup} seconds, then measures {@code seconds} with the server's CPU, and
     * prints the line; with {@code --windows N}, N such windows one after the other (a warm-up
     * curve when the warm-up is 0).
     */
    void warmUpAndMeasure(Args args, String title, int warmup, int seconds) {
        System.out.printf("warm-up %d s%n", warmup);
        drive(warmup);
        System.out.println(title);
        int windows = args.number("windows", 1);
        for (int window = 0; window < windows; window++) {
            Result[] measured = new Result[1];
            double cpu = args.server().cpuPercentDuring(() -> measured[0] = drive(seconds));
            System.out.println((windows > 1 ? "window " + (window + 1) + ": " : "") + measured[0].line(seconds, cpu));
        }
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
