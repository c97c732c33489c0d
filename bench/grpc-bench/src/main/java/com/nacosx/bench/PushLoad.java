package com.nacosx.bench;

import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.testsupport.NacosGrpcClient;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Change push rate and delay: {@code --listeners} connections (spread over {@code --listen-ports},
 * a cluster's nodes, when given) each listen to all {@code --configs} configs; {@code --publishers}
 * connections (to {@code --port}) publish new contents round-robin over the configs,
 * each with up to {@code --inflight} publishes in flight (a 2.x application publishes from many
 * threads on one connection), as fast as they are acked or, with {@code --rate}, offered at that
 * many changes per second in all. First for {@code --warmup} seconds (so that a JIT-compiled
 * server is measured compiled, as the other workloads are), then for {@code --seconds}, measured.
 * Each ConfigChangeNotifyRequest is matched to the oldest change of its config that the listener
 * has not been told of: its delay is measured from that change's send time. At the end every
 * listener must have been told of every config's last change; those that were not are counted as
 * missed.
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
        Publishing publishing = new Publishing(args.number("inflight", 1), args.number("rate", 0));
        ProcessSampler server = args.server();
        try (Clients clients = new Clients(args)) {
            List<NacosGrpcClient> writers = clients.open(args.number("publishers", 16), List.of(args.host()),
                    i -> push -> { });
            Clients.seed(writers.get(0), configs, 64);
            List<NacosGrpcClient> ready = clients.open(listeners, args.list("sources", "127.0.0.1,127.0.0.2"),
                    args.ports("listen-ports"), this::receiver);
            ready.stream().map(client -> client.request(Clients.listenAll(configs))).toList()
                    .forEach(CompletableFuture::join);
            TimeUnit.SECONDS.sleep(2);
            int warmup = args.number("warmup", 10);
            System.out.printf("warm-up %d s%n", warmup);
            publishFor(writers, warmup, publishing, new Published());
            awaitAllTold();
            delays = new Latencies();
            pushes.set(0);
            Published published = new Published();
            ProcessSampler self = new ProcessSampler(ProcessHandle.current().pid());
            long selfCpuBefore = self.cpuMillis();
            double cpu = server.cpuPercentDuring(() -> publishFor(writers, seconds, publishing, published));
            double selfCpu = (self.cpuMillis() - selfCpuBefore) / (10.0 * seconds);
            long pushedInWindow = pushes.get();
            awaitAllTold();
            System.out.printf("push: %d listeners x %d configs, %d publishers x %d in flight, offered %s, %d s%n",
                    ready.size(), configs, writers.size(), publishing.inflight(),
                    publishing.rate() > 0 ? publishing.rate() + " changes/s" : "as fast as acked", seconds);
            System.out.printf("changes %d (%.0f/s), failed %d, publish %s%n", published.done.get(),
                    published.done.get() / (double) seconds, published.failed.get(), published.latencies.summary());
            System.out.printf("pushes received in the window %d (%.0f/s), in all %d; missed (listener, config) pairs "
                    + "after 30 s: %d; push delay %s; server CPU %.0f%% (%.1f µs per push), RSS %d MB; "
                    + "load tool CPU %.0f%%%n",
                    pushedInWindow, pushedInWindow / (double) seconds, pushes.get(), missed(), delays.summary(), cpu,
                    cpu * 10_000.0 * seconds / Math.max(1, pushedInWindow), server.rssMegabytes(), selfCpu);
        }
    }

    /**
     * How the publishers send.
     *
     * @param inflight publishes each publisher keeps in flight at most
     * @param rate     changes per second offered by all publishers together, 0 for as fast as acked
     */
    private record Publishing(int inflight, int rate) {
    }

    /** What the publishers got through in one window. */
    private static final class Published {
        final AtomicLong done = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final Latencies latencies = new Latencies();
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

    private void publishFor(List<NacosGrpcClient> writers, int seconds, Publishing publishing, Published published) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long interval = publishing.rate() > 0 ? TimeUnit.SECONDS.toNanos(writers.size()) / publishing.rate() : 0;
        AtomicLong nextConfig = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (NacosGrpcClient writer : writers) {
            Thread thread = new Thread(() -> {
                Semaphore slots = new Semaphore(publishing.inflight());
                long due = System.nanoTime();
                while (System.nanoTime() < deadline) {
                    due = paced(due, interval);
                    if (!acquire(slots, deadline)) {
                        break;
                    }
                    int config = (int) (nextConfig.getAndIncrement() % configs);
                    int change = recordChange(config);
                    long start = System.nanoTime();
                    writer.request(Clients.publish(Clients.dataId(config), "v" + change)).whenComplete((answer, error) -> {
                        if (error == null && answer.isSuccess()) {
                            published.done.incrementAndGet();
                            published.latencies.record(System.nanoTime() - start);
                        } else {
                            published.failed.incrementAndGet();
                        }
                        slots.release();
                    });
                }
                slots.acquireUninterruptibly(publishing.inflight());
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

    /**
     * Waits until {@code due} when the publishes are paced, and returns the next one's due time.
     * Due times advance by the interval from the schedule, not from when the wait ended, so the
     * sleeps' overshoot does not lower the offered rate; a publisher that fell more than 100 ms
     * behind (all its slots were taken) starts a new schedule rather than bursting to catch up.
     */
    private static long paced(long due, long interval) {
        if (interval == 0) {
            return due;
        }
        long now = System.nanoTime();
        if (due > now) {
            LockSupport.parkNanos(due - now);
        } else if (now - due > TimeUnit.MILLISECONDS.toNanos(100)) {
            return now + interval;
        }
        return due + interval;
    }

    private static boolean acquire(Semaphore slots, long deadline) {
        try {
            return slots.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
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
