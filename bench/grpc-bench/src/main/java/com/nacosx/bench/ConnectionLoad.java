package com.nacosx.bench;

import com.nacosx.api.remote.config.ConfigBatchListenRequest;
import com.nacosx.testsupport.NacosGrpcClient;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Long-connection capacity: {@code --connections} clients do the real handshake from the
 * {@code --sources} addresses, each listens to {@code --listen} configs, and each sends a
 * HealthCheckRequest every {@code --health-interval} seconds as the SDK does. Once all are up, the
 * server's CPU is measured over {@code --steady} seconds and its RSS read ({@code --server-pid}).
 */
final class ConnectionLoad {

    static void run(Args args) throws InterruptedException {
        int connections = args.number("connections", 20_000);
        int listen = args.number("listen", 200);
        int interval = args.number("health-interval", 5);
        int steady = args.number("steady", 60);
        ProcessSampler server = args.server();
        List<String> sources = args.list("sources", "127.0.0.1,127.0.0.2,127.0.0.3,127.0.0.4");
        try (Clients clients = new Clients(args)) {
            long rssIdle = server.rssMegabytes();
            NacosGrpcClient seeder = clients.open(1, sources, i -> push -> { }).get(0);
            Clients.seed(seeder, listen, 256);
            long start = System.nanoTime();
            List<NacosGrpcClient> ready = clients.open(connections, sources, i -> push -> { });
            long listenFailures = listenOnEach(ready, listen);
            double setupSeconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("%d of %d connections set up and listening to %d configs each in %.1f s "
                    + "(listen failures %d), from %s%n", ready.size(), connections, listen, setupSeconds,
                    listenFailures, sources);

            try (HealthChecks health = new HealthChecks(ready, interval)) {
                TimeUnit.SECONDS.sleep(interval * 2L);
                long okBefore = health.ok();
                double cpu = server.cpuPercentDuring(() -> sleepSeconds(steady));
                long rss = server.rssMegabytes();
                System.out.printf("steady %d s: server CPU %.1f%% of one core, RSS %d MB (idle before: %d MB); "
                        + "health checks %d ok (%.0f/s), %d failed, %s%n", steady, cpu, rss, rssIdle,
                        health.ok() - okBefore, (health.ok() - okBefore) / (double) steady, health.failed(),
                        health.latencySummary());
            }
            long alive = ready.stream().filter(c -> !c.streamEnded()).count();
            System.out.printf("connections still open at the end: %d%n", alive);
        }
    }

    /** Each connection listens to configs 0..listen-1; returns how many listen requests failed. */
    static long listenOnEach(List<NacosGrpcClient> ready, int listen) {
        ConfigBatchListenRequest listenAll = Clients.listenAll(listen);
        List<CompletableFuture<?>> listens = new ArrayList<>();
        AtomicLong failures = new AtomicLong();
        for (NacosGrpcClient client : ready) {
            listens.add(client.request(listenAll).whenComplete((answer, error) -> {
                if (error != null || !answer.isSuccess()) {
                    failures.incrementAndGet();
                }
            }));
            if (listens.size() == 256) {
                listens.forEach(listening -> listening.handle((a, e) -> null).join());
                listens.clear();
            }
        }
        listens.forEach(listening -> listening.handle((a, e) -> null).join());
        return failures.get();
    }

    static void sleepSeconds(int seconds) {
        try {
            TimeUnit.SECONDS.sleep(seconds);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
