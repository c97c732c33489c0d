package com.nacosx.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * N instances of 1.x clients (nacos-client 1.x over HTTP): each registers through one server of
 * {@code --servers}, then sends a light beat every 5 s through it, registers again when a beat
 * answers that the instance is unknown (code 20404), and moves to the next server when its server
 * does not answer, as the 1.x client does. The instances start spread over the first 5 s, as
 * applications do not all start at once. Every 10 s it prints the beats answered, failed (no answer,
 * or not sent because 512 requests already wait, as a client's beat threads would be busy) and
 * the registrations, and the beats' latency. Runs {@code --seconds}, or until killed.
 */
final class LegacyClientsLoad {

    private static final long BEAT_MILLIS = 5_000;
    private static final long TICK_MILLIS = 100;
    private static final long REPORT_SECONDS = 10;

    private final List<String> servers;
    private final int services;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).executor(Executors.newFixedThreadPool(4)).build();
    private final Semaphore inFlight = new Semaphore(512);
    private final AtomicLong beats = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong notSent = new AtomicLong();
    private final AtomicLong registers = new AtomicLong();
    private final AtomicReference<Latencies> latencies = new AtomicReference<>(new Latencies());

    /** One instance and the server it talks to now. */
    private final class Instance {
        final String service;
        final String ip;
        volatile int server;
        volatile boolean registered;

        Instance(int index) {
            this.service = "legacy-" + (index % services);
            this.ip = "10." + (index >> 16 & 0xff) + "." + (index >> 8 & 0xff) + "." + (index & 0xff);
            this.server = index % servers.size();
        }

        String query() {
            return "serviceName=" + service + "&ip=" + ip + "&port=8080";
        }

        URI uri(String path) {
            return URI.create("http://" + servers.get(server) + "/nacos/v1/ns/" + path + "?" + query());
        }
    }

    private LegacyClientsLoad(List<String> servers, int services) {
        this.servers = servers;
        this.services = services;
    }

    static void run(Args args) throws InterruptedException {
        int count = args.number("instances", 1000);
        LegacyClientsLoad load = new LegacyClientsLoad(args.list("servers", "127.0.0.1:8848"),
                args.number("services", 100));
        Instance[] instances = new Instance[count];
        for (int i = 0; i < count; i++) {
            instances[i] = load.new Instance(i);
        }
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        long ticksPerBeat = BEAT_MILLIS / TICK_MILLIS;
        AtomicLong tick = new AtomicLong();
        timer.scheduleAtFixedRate(() -> {
            long slot = tick.getAndIncrement() % ticksPerBeat;
            for (int i = (int) slot; i < count; i += (int) ticksPerBeat) {
                Instance instance = instances[i];
                if (instance.registered) {
                    load.send(instance, "PUT", "instance/beat", false);
                } else {
                    load.send(instance, "POST", "instance", true);
                }
            }
        }, 0, TICK_MILLIS, TimeUnit.MILLISECONDS);
        timer.scheduleAtFixedRate(load::report, REPORT_SECONDS, REPORT_SECONDS, TimeUnit.SECONDS);
        int seconds = args.number("seconds", 0);
        if (seconds > 0) {
            Thread.sleep(seconds * 1000L);
            timer.shutdownNow();
        } else {
            Thread.currentThread().join();
        }
    }

    private void send(Instance instance, String method, String path, boolean register) {
        if (!inFlight.tryAcquire()) {
            notSent.incrementAndGet();
            return;
        }
        long start = System.nanoTime();
        HttpRequest request = HttpRequest.newBuilder(instance.uri(path)).timeout(Duration.ofSeconds(5))
                .header("User-Agent", "Nacos-Java-Client:v1.4.8")
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).whenComplete((answer, error) -> {
            inFlight.release();
            if (register) {
                registers.incrementAndGet();
            } else {
                beats.incrementAndGet();
                latencies.get().record(System.nanoTime() - start);
            }
            if (error != null || answer.statusCode() != 200) {
                failures.incrementAndGet();
                instance.server = (instance.server + 1) % servers.size();
            } else if (register) {
                instance.registered = true;
            } else if (answer.body().contains("\"code\":20404")) {
                send(instance, "POST", "instance", true);
            }
        });
    }

    private void report() {
        Latencies window = latencies.getAndSet(new Latencies());
        System.out.printf("%s beats %d failed %d not-sent %d registers %d beat %s%n",
                LocalTime.now().truncatedTo(ChronoUnit.SECONDS), beats.getAndSet(0), failures.getAndSet(0),
                notSent.getAndSet(0), registers.getAndSet(0), window.summary());
    }
}
