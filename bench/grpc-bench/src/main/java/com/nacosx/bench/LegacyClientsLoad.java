package com.nacosx.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * N applications with a 1.x client each (nacos-client 1.4.8 over HTTP), one instance apiece, as
 * that client behaves: an instance registers, and its first beat is due 5 s after the registration
 * was sent, however long the registration takes (the client schedules its beat task before it
 * sends the registration); its next beat is due the answer's {@code clientBeatInterval} after the
 * last one was answered (5 s after a failed beat), so a slow server delays that instance's beats and
 * no other's. Beats carry the instance ({@code beat}, in the query string where the client sends a
 * form) until an answer says {@code lightBeatEnabled}; a beat answered with code 20404 registers
 * the instance again before the next beat is due. Every request goes to a server of
 * {@code --servers} picked at random and, when that one does not answer 200, to the next one in the
 * list, until each was tried once. Requests wait up to the client's 50 s read timeout. The
 * instances start spread over the first 5 s, as applications do not all start at once.
 *
 * <p>Real applications run elsewhere, each with its own sockets; here one process plays them all
 * on the servers' cores, and with a socket per waiting request the JDK's HTTP client took a core
 * to itself once a slow server had thousands waiting. So at most {@code --in-flight} (512)
 * requests are open to each server at once, on keep-alive connections ({@link KeepAliveHttp}),
 * and the others queue for their server: a slow server delays the beats sent to it, and no other
 * server's.
 *
 * <p>Every 10 s it prints the beats answered, failed (no server answered), sent on to another
 * server after one did not answer, the registrations, the most requests waiting at once (open or
 * queued), the beats' latency (from the first try to the answer, queueing included) and, per
 * server in {@code --servers} order, the p99 of the tries sent to it (queueing included), which
 * tells a slow server from a slow host. With {@code --histograms FILE} it also appends each window's
 * beat latencies to FILE, a line per window: its time and {@link Latencies#buckets()}, from which
 * tests/scripts/nacos-1.4.8/summarize.py takes a phase's p99 over all its beats. With
 * {@code --slow-beats FILE} it appends to FILE every beat answered after more than 100 ms, or by another
 * server than the first it tried, or not at all: when it was sent, how long it took, {@code failed}
 * for a beat no server answered, and each try (server, status or error, ms): a 10 s window's p99
 * says how slow, this says when and where, and which server sent the client on. With
 * {@code --per-second FILE} it appends a line a second with the beats sent, answered and failed and
 * the registrations sent and failed in that second, from which
 * tests/scripts/nacos-1.4.8/beat-phases.py counts each phase of a run to the second. Runs
 * {@code --seconds}, or until killed.
 */
final class LegacyClientsLoad {

    private static final long BEAT_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final Pattern BEAT_INTERVAL = Pattern.compile("\"clientBeatInterval\":(\\d+)");
    private static final long REPORT_SECONDS = 10;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final DateTimeFormatter MILLIS_CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
    private static final long SLOW_BEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** The 1.4.8 client's naming read timeout ({@code com.alibaba.nacos.client.naming.rtimeout}). */
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(50);
    /** Its connect timeout ({@code com.alibaba.nacos.client.naming.ctimeout}). */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);

    private final List<String> servers;
    private final int services;
    private final List<Lane> lanes;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService answers = Executors.newFixedThreadPool(2);
    private final KeepAliveHttp http = new KeepAliveHttp(CONNECT_TIMEOUT, READ_TIMEOUT);
    private final AtomicLong beats = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong failovers = new AtomicLong();
    private final AtomicLong registers = new AtomicLong();
    private final SecondCounts perSecond;
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger mostWaiting = new AtomicInteger();
    private final AtomicReference<Latencies> latencies = new AtomicReference<>(new Latencies());
    /** Where each window's histogram goes, or null. */
    private final PrintWriter histograms;
    /** Where the slow beats go, or null. */
    private final PrintWriter slowBeats;

    private static final Pattern LIGHT_BEAT = Pattern.compile("\"lightBeatEnabled\":(true|false)");

    /** One application's instance, and whether its client sends light beats yet. */
    private static final class Instance {

        private final String service;
        private final String ip;
        private volatile boolean lightBeats;

        Instance(String service, String ip) {
            this.service = service;
            this.ip = ip;
        }

        String query() {
            return "serviceName=" + service + "&ip=" + ip + "&port=8080";
        }

        /** The 1.4.8 client's beat: the instance goes with it until the server enables light beats. */
        String beatQuery() {
            if (lightBeats) {
                return query();
            }
            String beat = "{\"serviceName\":\"DEFAULT_GROUP@@" + service + "\",\"ip\":\"" + ip + "\",\"port\":8080,"
                    + "\"cluster\":\"DEFAULT\",\"weight\":1.0,\"metadata\":{},\"scheduled\":false,\"period\":5000,"
                    + "\"stopped\":false}";
            return query() + "&beat=" + URLEncoder.encode(beat, StandardCharsets.UTF_8);
        }

        void answered(String beatAnswer) {
            Matcher light = LIGHT_BEAT.matcher(beatAnswer);
            lightBeats = light.find() && Boolean.parseBoolean(light.group(1));
        }
    }

    /** A beat's tries, one server after the other, as the slow-beats file tells them. */
    private static final class Tries {

        private final StringBuilder text = new StringBuilder();
        /** Written by one answer's callback at a time: each try is sent after the one before was answered. */
        private volatile int count;
    }

    /** The requests open to one server, at most {@code limit} at once; the others wait their turn. */
    private static final class Lane {

        private final Semaphore open;
        private final Queue<Runnable> queued = new ConcurrentLinkedQueue<>();
        private final AtomicReference<Latencies> tries = new AtomicReference<>(new Latencies());

        Lane(int limit) {
            this.open = new Semaphore(limit);
        }

        void send(Runnable request) {
            queued.add(request);
            sendQueued();
        }

        void answered(long sentNanos) {
            tries.get().record(System.nanoTime() - sentNanos);
            open.release();
            sendQueued();
        }

        /** The p99 of the tries answered since the last call, in milliseconds. */
        String takeTriesP99() {
            return String.format("%.0f", tries.getAndSet(new Latencies()).quantileMillis(0.99));
        }

        private void sendQueued() {
            while (!queued.isEmpty() && open.tryAcquire()) {
                Runnable next = queued.poll();
                if (next == null) {
                    open.release();
                    return;
                }
                next.run();
            }
        }
    }

    private LegacyClientsLoad(List<String> servers, int services, int inFlight, PrintWriter histograms,
            PrintWriter slowBeats, PrintWriter perSecond) {
        this.perSecond = new SecondCounts(perSecond);
        this.servers = servers;
        this.services = services;
        this.lanes = servers.stream().map(server -> new Lane(inFlight)).toList();
        this.histograms = histograms;
        this.slowBeats = slowBeats;
    }

    static void run(Args args) throws InterruptedException {
        LegacyClientsLoad load = new LegacyClientsLoad(args.list("servers", "127.0.0.1:8848"),
                args.number("services", 100), args.number("in-flight", 512), appendingOrNull(args.text("histograms", "")),
                appendingOrNull(args.text("slow-beats", "")), appendingOrNull(args.text("per-second", "")));
        int count = args.number("instances", 1000);
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            Instance instance = load.instance(i);
            long due = start + i * BEAT_NANOS / count;
            load.timer.schedule(() -> load.start(instance, due), due - start, TimeUnit.NANOSECONDS);
        }
        load.timer.scheduleAtFixedRate(load::report, REPORT_SECONDS, REPORT_SECONDS, TimeUnit.SECONDS);
        load.perSecond.startWriting(load.timer);
        int seconds = args.number("seconds", 0);
        if (seconds > 0) {
            Thread.sleep(seconds * 1000L);
            load.timer.shutdownNow();
            load.http.close();
            load.answers.shutdownNow();
        } else {
            Thread.currentThread().join();
        }
    }

    private static PrintWriter appendingOrNull(String file) {
        if (file.isEmpty()) {
            return null;
        }
        try {
            return new PrintWriter(Files.newBufferedWriter(Path.of(file), StandardCharsets.US_ASCII,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to " + file, e);
        }
    }

    private Instance instance(int index) {
        return new Instance("legacy-" + (index % services),
                "10." + (index >> 16 & 0xff) + "." + (index >> 8 & 0xff) + "." + (index & 0xff));
    }

    /**
     * The application registers its instance; its first beat is due 5 s later whatever the answer:
     * a registration no server took is made by the beats (answered 20404). {@code due} is when this
     * client's own timer fired (nanoTime), which the shared timer of this process may have run late.
     */
    private void start(Instance instance, long due) {
        register(instance);
        long firstBeat = due + BEAT_NANOS;
        timer.schedule(() -> beat(instance, firstBeat), firstBeat - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    private void beat(Instance instance, long due) {
        long sent = System.nanoTime();
        Tries tries = slowBeats == null ? null : new Tries();
        LocalTime sentAt = slowBeats == null ? null : LocalTime.now();
        perSecond.beatSent();
        call("PUT", "instance/beat?" + instance.beatQuery(), tries).whenComplete((answer, error) -> {
            long took = System.nanoTime() - sent;
            beats.incrementAndGet();
            latencies.get().record(took);
            perSecond.beatDone(error == null);
            if (tries != null && (took > SLOW_BEAT_NANOS || error != null || tries.count > 1)) {
                slowBeats.println(sentAt.format(MILLIS_CLOCK) + " " + TimeUnit.NANOSECONDS.toMillis(took) + " ms"
                        + (error != null ? " failed" : "") + ":" + tries.text);
            }
            if (error != null) {
                scheduleAfter(instance, due, sent, BEAT_NANOS, this::beat);
                return;
            }
            instance.answered(answer);
            if (answer.contains("\"code\":20404")) {
                registerAgain(instance, due + took, nextBeatIn(answer));
            } else {
                scheduleAfter(instance, due, sent, nextBeatIn(answer), this::beat);
            }
        });
    }

    /** A beat was answered 20404: the client registers the instance, then waits for its next beat. */
    private void registerAgain(Instance instance, long due, long nextBeatIn) {
        long sent = System.nanoTime();
        register(instance).whenComplete((answer, error) -> scheduleAfter(instance, due, sent, nextBeatIn, this::beat));
    }

    private CompletableFuture<String> register(Instance instance) {
        registers.incrementAndGet();
        perSecond.registerSent();
        return call("POST", "instance?" + instance.query(), null).whenComplete((answer, error) -> {
            if (error != null) {
                perSecond.registerFailed();
            }
        });
    }

    /** The answer's {@code clientBeatInterval}, which the 1.4.8 client takes when it is above 0. */
    private static long nextBeatIn(String answer) {
        Matcher interval = BEAT_INTERVAL.matcher(answer);
        long millis = interval.find() ? Long.parseLong(interval.group(1)) : 0;
        return millis > 0 ? TimeUnit.MILLISECONDS.toNanos(millis) : BEAT_NANOS;
    }

    /**
     * Runs {@code next} {@code afterNanos} after the answer, as the 1.x client schedules its next
     * beat, counted on this client's own clock: the process plays every client on one timer, and a
     * pause of it (a GC) must not move all the clients it delayed to the same moment for good, as
     * no real clients would be.
     */
    private void scheduleAfter(Instance instance, long due, long sent, long afterNanos,
            BiConsumer<Instance, Long> next) {
        long nextDue = due + (System.nanoTime() - sent) + afterNanos;
        timer.schedule(() -> next.accept(instance, nextDue), nextDue - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    /**
     * The answer of the first server that answers 200, trying each once from a random one; each try
     * is described in {@code tries} unless it is null.
     */
    private CompletableFuture<String> call(String method, String pathAndQuery, Tries tries) {
        int first = ThreadLocalRandom.current().nextInt(servers.size());
        CompletableFuture<String> answered = new CompletableFuture<>();
        tryServer(method, pathAndQuery, first, 0, answered, tries);
        return answered;
    }

    private void tryServer(String method, String pathAndQuery, int server, int tried,
            CompletableFuture<String> answered, Tries tries) {
        mostWaiting.accumulateAndGet(waiting.incrementAndGet(), Math::max);
        Lane lane = lanes.get(server);
        long sent = System.nanoTime();
        // Never on the sending thread: an answer's callback sends the next queued request.
        lane.send(() -> http.send(servers.get(server), method, "/nacos/v1/ns/" + pathAndQuery,
                "Nacos-Java-Client:v1.4.8").whenCompleteAsync((answer, error) -> {
            waiting.decrementAndGet();
            lane.answered(sent);
            if (tries != null) {
                tries.count++;
                tries.text.append(' ').append(servers.get(server)).append(' ')
                        .append(error != null ? error.getClass().getSimpleName() : answer.status()).append(' ')
                        .append(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent));
            }
            if (error == null && answer.status() == 200) {
                answered.complete(answer.body());
            } else if (tried + 1 < servers.size()) {
                failovers.incrementAndGet();
                tryServer(method, pathAndQuery, (server + 1) % servers.size(), tried + 1, answered, tries);
            } else {
                failures.incrementAndGet();
                answered.completeExceptionally(error != null ? error
                        : new IllegalStateException("HTTP " + answer.status() + ": " + answer.body()));
            }
        }, answers));
    }

    private void report() {
        Latencies window = latencies.getAndSet(new Latencies());
        String now = LocalTime.now().format(CLOCK);
        if (histograms != null) {
            histograms.println(now + " " + window.buckets());
        }
        System.out.printf("%s beats %d failed %d failed-over %d registers %d most-waiting %d beat %s; tries p99 by "
                + "server (ms) %s%n", now, beats.getAndSet(0),
                failures.getAndSet(0), failovers.getAndSet(0), registers.getAndSet(0),
                mostWaiting.getAndSet(waiting.get()), window.summary(),
                lanes.stream().map(Lane::takeTriesP99).collect(Collectors.joining("/")));
    }
}
