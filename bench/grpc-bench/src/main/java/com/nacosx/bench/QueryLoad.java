package com.nacosx.bench;

import com.nacosx.api.remote.config.ConfigQueryRequest;
import com.nacosx.testsupport.NacosGrpcClient;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Config query QPS: {@code --connections} clients each keep {@code --inflight} ConfigQueryRequests
 * of random configs among {@code --configs} in flight for {@code --seconds}, after a warm-up.
 */
final class QueryLoad {

    static void run(Args args) {
        int connections = args.number("connections", 8);
        int inflight = args.number("inflight", 64);
        int configs = args.number("configs", 200);
        int size = args.number("size", 1024);
        int warmup = args.number("warmup", 10);
        int seconds = args.number("seconds", 20);
        try (Clients clients = new Clients(args)) {
            List<NacosGrpcClient> ready = clients.open(connections, List.of(args.host()), i -> push -> { });
            Clients.seed(ready.get(0), configs, size);
            System.out.printf("warm-up %d s%n", warmup);
            drive(ready, inflight, configs, warmup);
            ProcessSampler server = args.server();
            Result[] measured = new Result[1];
            double cpu = server.cpuPercentDuring(() -> measured[0] = drive(ready, inflight, configs, seconds));
            Result result = measured[0];
            System.out.printf("config query over gRPC: %d connections x %d in flight, %d configs of %d B, %d s%n",
                    connections, inflight, configs, size, seconds);
            double perSecond = result.done / (double) seconds;
            System.out.printf("requests %d, errors %d, %.0f req/s, %s; server CPU %.0f%% (%.1f µs per request)%n",
                    result.done, result.errors, perSecond, result.latencies.summary(), cpu,
                    cpu * 10_000 / Math.max(1, perSecond));
        }
    }

    private record Result(long done, long errors, Latencies latencies) {
    }

    private static Result drive(List<NacosGrpcClient> clients, int inflight, int configs, int seconds) {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong done = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        Latencies latencies = new Latencies();
        CountDownLatch finished = new CountDownLatch(clients.size() * inflight);
        for (NacosGrpcClient client : clients) {
            for (int i = 0; i < inflight; i++) {
                next(client, configs, deadline, done, errors, latencies, finished);
            }
        }
        try {
            finished.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new Result(done.get(), errors.get(), latencies);
    }

    private static void next(NacosGrpcClient client, int configs, long deadline, AtomicLong done, AtomicLong errors,
            Latencies latencies, CountDownLatch finished) {
        if (System.nanoTime() >= deadline) {
            finished.countDown();
            return;
        }
        ConfigQueryRequest query = new ConfigQueryRequest();
        query.dataId = Clients.dataId(ThreadLocalRandom.current().nextInt(configs));
        query.group = Clients.GROUP;
        query.tenant = "";
        long start = System.nanoTime();
        client.request(query).whenComplete((answer, error) -> {
            if (error != null || !answer.isSuccess()) {
                if (errors.incrementAndGet() == 1) {
                    System.err.println("first failed query: " + (error != null ? error : answer.errorCode + " " + answer.message));
                }
            } else {
                done.incrementAndGet();
                latencies.record(System.nanoTime() - start);
            }
            next(client, configs, deadline, done, errors, latencies, finished);
        });
    }
}
