package com.nacosx.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Watches one service on every node of a cluster for instances that come back after their
 * deregistration was answered: a ghost that a late write brings back lives for a beat timeout,
 * long after a check right after the deregister has passed. Every node's list is read a few times
 * a second for as long as the watch is open; {@link #ghosts()} says what was seen where.
 */
public final class GhostWatch implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final long SWEEP_MILLIS = 250;

    private final List<ServerProcess> nodes;
    private final String service;
    /** Each deregistered instance by when every node had stopped listing it ({@link System#nanoTime}). */
    private final Map<String, Long> goneSince = new ConcurrentHashMap<>();
    private final Map<String, String> ghosts = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor();

    private GhostWatch(List<ServerProcess> nodes, String service) {
        this.nodes = List.copyOf(nodes);
        this.service = service;
    }

    /** Starts sweeping {@code service} (of the default group and namespace) on every node. */
    public static GhostWatch start(List<ServerProcess> nodes, String service) {
        GhostWatch watch = new GhostWatch(nodes, service);
        watch.sweeper.scheduleWithFixedDelay(watch::sweep, 0, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
        return watch;
    }

    /** The instances the node lists in the service now, each as {@code ip:port}. */
    public List<String> listedBy(ServerProcess node) {
        JsonNode hosts = JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/instance/list")
                .param("serviceName", service).send().body()).get("hosts");
        List<String> listed = new ArrayList<>();
        hosts.forEach(host -> listed.add(host.get("ip").asString() + ":" + host.get("port").asInt()));
        return listed;
    }

    /** Waits until every node lists {@code ip:port}. */
    public void awaitListedEverywhere(String ip, int port) throws InterruptedException {
        String address = ip + ":" + port;
        Await.until(5_000, () -> nodes.stream().allMatch(node -> listedBy(node).contains(address)),
                address + " listed by every node");
    }

    /**
     * Waits until no node lists {@code ip:port}, whose deregistration was answered; from then on a
     * node that lists it again has a ghost.
     */
    public void deregistered(String ip, int port, long idleMillis) throws InterruptedException {
        String address = ip + ":" + port;
        try {
            Await.until(idleMillis, () -> nodes.stream().noneMatch(node -> listedBy(node).contains(address)),
                    address + " gone from every node after its deregistration was answered");
        } catch (AssertionError late) {
            List<String> listing = nodes.stream().filter(node -> listedBy(node).contains(address))
                    .map(ServerProcess::address).toList();
            throw new AssertionError(late.getMessage() + "; still listed by " + listing, late);
        }
        goneSince.put(address, System.nanoTime());
    }

    /** One round of a client's writes, by its number and the lane that runs it. */
    public interface Round {
        void run(int round, int lane) throws Exception;
    }

    /**
     * Runs rounds 0 to {@code count - 1} on {@code lanes} threads at once, each lane taking the next
     * round when it is done with one, and returns when all are done. A lane's rounds never overlap,
     * so what a lane owns (a 2.x client holds one instance per service) is used by one round at a time.
     *
     * @throws Exception the first failure of any round (the other lanes stop after their round)
     */
    public static void inLanes(int count, int lanes, Round round) throws Exception {
        AtomicInteger next = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(lanes);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int lane = 0; lane < lanes; lane++) {
                int thisLane = lane;
                running.add(threads.submit(() -> {
                    for (int taken = next.getAndIncrement(); taken < count; taken = next.getAndIncrement()) {
                        round.run(taken, thisLane);
                    }
                    return null;
                }));
            }
            for (Future<?> lane : running) {
                try {
                    lane.get();
                } catch (ExecutionException failed) {
                    next.set(count);
                    throw failed.getCause() instanceof Exception cause ? cause : failed;
                }
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /** Keeps watching for {@code millis}, as long after the last deregistration as a ghost would live. */
    public void holdFor(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }

    /** Each instance seen again after its deregistration, with the nodes that listed it. */
    public Map<String, String> ghosts() {
        return Map.copyOf(ghosts);
    }

    private void sweep() {
        for (ServerProcess node : nodes) {
            long asked = System.nanoTime();
            try {
                for (String address : listedBy(node)) {
                    Long gone = goneSince.get(address);
                    if (gone != null && gone < asked) {
                        ghosts.merge(address, node.address(), (seen, more) -> seen.contains(more) ? seen
                                : seen + "," + more);
                    }
                }
            } catch (RuntimeException unanswered) {
                // A node that does not answer lists nothing; the test's own checks say why.
            }
        }
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
    }
}
