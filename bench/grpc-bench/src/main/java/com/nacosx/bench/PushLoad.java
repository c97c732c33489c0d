package com.nacosx.bench;

import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.testsupport.NacosGrpcClient;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Change push rate and delay: {@code --listeners} connections each listen to all {@code --configs}
 * configs; {@code --publishers} connections publish new contents round-robin over the configs as
 * fast as they are acked, first for {@code --warmup} seconds (so that a JIT-compiled server is
 * measured compiled, as the other workloads are), then for {@code --seconds}, measured. Each
 * ConfigChangeNotifyRequest is matched to the oldest change of its config that the listener has
 * not been told of: its delay is measured from that change's send time. At the end every listener
 * must have been told of every config's last change; those that were not are counted as missed.
 */
final class PushLoad {

    private final int listeners;
    private final int configs;
    private final Object[] locks;
    private final List<long[]> sentTimes = new ArrayList<>();
    private final int[] changeCount;
    private final int[][] toldUpTo;
    private volatile Latencies delays = new Latencies();
    private final AtomicLong pushes = new AtomicLong();

    private PushLoad(int listeners, int configs) {
        this.listeners = listeners;
        this.configs = configs;
        this.changeCount = new int[configs];
        this.toldUpTo = new int[listeners][configs];
        this.locks = new Object[configs];
        for (int i = 0; i < configs; i++) {
            sentTimes.add(new long[1024]);
            locks[i] = new Object();
        }
    }

    static void run(Args args) throws InterruptedException {
        PushLoad load = new PushLoad(args.number("listeners", 500), args.number("configs", 100));
        load.measure(args);
    }

    private void measure(Args args) throws InterruptedException {
        int seconds = args.number("seconds", 20);
        int publishers = args.number("publishers", 16);
        ProcessSampler server = args.server();
        try (Clients clients = new Clients(args)) {
            List<NacosGrpcClient> writers = clients.open(publishers, List.of(args.host()), i -> push -> { });
            Clients.seed(writers.get(0), configs, 64);
            List<NacosGrpcClient> ready = clients.open(listeners, args.list("sources", "127.0.0.1,127.0.0.2"),
                    this::receiver);
            ready.stream().map(client -> client.request(Clients.listenAll(configs))).toList()
                    .forEach(CompletableFuture::join);
            TimeUnit.SECONDS.sleep(2);
            int warmup = args.number("warmup", 10);
            System.out.printf("warm-up %d s%n", warmup);
            publishFor(writers, warmup, new AtomicLong());
            awaitAllTold();
            delays = new Latencies();
            pushes.set(0);
            AtomicLong changes = new AtomicLong();
            ProcessSampler self = new ProcessSampler(ProcessHandle.current().pid());
            long selfCpuBefore = self.cpuMillis();
            double cpu = server.cpuPercentDuring(() -> publishFor(writers, seconds, changes));
            double selfCpu = (self.cpuMillis() - selfCpuBefore) / (10.0 * seconds);
            long pushedInWindow = pushes.get();
            awaitAllTold();
            System.out.printf("push: %d listeners x %d configs, %d publishers, %d s%n", ready.size(), configs,
                    publishers, seconds);
            System.out.printf("changes %d (%.0f/s); pushes received in the window %d (%.0f/s), in all %d; "
                    + "missed (listener, config) pairs after 30 s: %d; delay %s; server CPU %.0f%% (%.1f µs per push), "
                    + "RSS %d MB; load tool CPU %.0f%%%n",
                    changes.get(), changes.get() / (double) seconds, pushedInWindow, pushedInWindow / (double) seconds,
                    pushes.get(), missed(), delays.summary(), cpu, cpu * 10_000.0 * seconds / Math.max(1, pushedInWindow),
                    server.rssMegabytes(), selfCpu);
        }
    }

    /** Waits up to 30 s until every listener has been told of every change so far. */
    private void awaitAllTold() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (missed() > 0 && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private Consumer<ServerRequest> receiver(int listener) {
        return push -> {
            if (push instanceof ConfigChangeNotifyRequest notify && notify.dataId.startsWith("grpc-bench-")) {
                told(listener, Integer.parseInt(notify.dataId.substring("grpc-bench-".length())));
            }
        };
    }

    private void told(int listener, int config) {
        long now = System.nanoTime();
        synchronized (locks[config]) {
            int oldestUntold = toldUpTo[listener][config];
            int latest = changeCount[config];
            if (oldestUntold < latest) {
                delays.record(now - sentTimes.get(config)[oldestUntold]);
                toldUpTo[listener][config] = latest;
            }
        }
        pushes.incrementAndGet();
    }

    private void publishFor(List<NacosGrpcClient> writers, int seconds, AtomicLong changes) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        AtomicLong nextConfig = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (NacosGrpcClient writer : writers) {
            Thread thread = new Thread(() -> {
                while (System.nanoTime() < deadline) {
                    int config = (int) (nextConfig.getAndIncrement() % configs);
                    int change = recordChange(config);
                    if (writer.requestNow(Clients.publish(Clients.dataId(config), "v" + change)).isSuccess()) {
                        changes.incrementAndGet();
                    }
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Notes the send time of a new change of {@code config} and returns its number. */
    private int recordChange(int config) {
        synchronized (locks[config]) {
            int change = changeCount[config];
            long[] times = sentTimes.get(config);
            if (change == times.length) {
                times = Arrays.copyOf(times, times.length * 2);
                sentTimes.set(config, times);
            }
            times[change] = System.nanoTime();
            changeCount[config] = change + 1;
            return change;
        }
    }

    private long missed() {
        long missed = 0;
        for (int listener = 0; listener < listeners; listener++) {
            for (int config = 0; config < configs; config++) {
                synchronized (locks[config]) {
                    if (toldUpTo[listener][config] < changeCount[config]) {
                        missed++;
                    }
                }
            }
        }
        return missed;
    }
}
