package com.nacosx.faults;

import com.nacosx.testsupport.Patience;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * One scenario on a running cluster: the workload starts (plain and CAS config writes, reads,
 * persistent instances, ephemeral instances held by 2.x clients), the fault is applied and held
 * (two ephemeral clients end meanwhile), healed, and the checker counts what did not hold once the
 * cluster has agreed again.
 */
final class ScenarioRun {

    /** How long after the heal every node must list exactly the live instances. */
    static final Duration CONVERGENCE_PROMISE = Duration.ofSeconds(30);
    /**
     * The longest an alive instance may go unlisted on a node that answers: the Distro expiry of a
     * peer's clients (16 s), and a probe's second.
     */
    static final Duration HOLE_LIMIT = Duration.ofSeconds(17);
    private static final Duration WARM_UP = Duration.ofSeconds(3);

    private final FaultCluster cluster;
    private final Fault fault;
    private final Duration hold;
    private final String name;
    private final FaultStorage storage;
    private final Random random = new Random(47);
    private volatile boolean running = true;
    private volatile boolean probing = true;
    private volatile FaultNode cut;
    private final AtomicLong minorityAcks = new AtomicLong();
    private final AtomicInteger cutReads = new AtomicInteger();
    private final AtomicInteger cutReadsAnswered = new AtomicInteger();
    private final AtomicInteger cutReadsMarked = new AtomicInteger();

    ScenarioRun(FaultCluster cluster, Fault fault, Duration hold, FaultStorage storage) {
        this.cluster = cluster;
        this.fault = fault;
        this.hold = hold;
        this.storage = storage;
        this.name = storage.name().toLowerCase() + "/" + fault.name().toLowerCase().replace('_', '-');
    }

    ScenarioResult run() throws Exception {
        String tag = name.replace('/', '-');
        List<FaultNode> nodes = cluster.nodes();
        List<String> plainKeys = IntStream.range(0, 6).mapToObj(i -> tag + "-plain-" + i).toList();
        List<String> casKeys = IntStream.range(0, 2).mapToObj(i -> tag + "-cas-" + i).toList();
        List<String> instanceIps = IntStream.range(1, 5).mapToObj(i -> "10.97.0." + i).toList();
        ConfigHistory configs = new ConfigHistory(plainKeys);
        CasHistory cas = new CasHistory(casKeys);
        InstanceHistory instances = new InstanceHistory("fault-persistent-" + tag, instanceIps);
        cas.create(nodes);
        FaultNode leader = cluster.awaitLeader(storage.raftGroup());
        FaultNode follower = nodes.stream().filter(node -> node != leader).findFirst().orElseThrow();
        FaultNode target = fault.hitsLeader() ? leader : follower;
        FaultNode bystander = nodes.stream().filter(node -> node != target && node != leader).findFirst().orElse(follower);
        ExecutorService workers = Executors.newCachedThreadPool();
        try (EphemeralWatch ephemeral = new EphemeralWatch("fault-ephemeral-" + tag, nodes, 6,
                FaultReport.clients1x(), FaultReport.clientLogs())) {
            for (String key : plainKeys) {
                workers.submit(() -> loop(() -> {
                    FaultNode node = pick(nodes);
                    FaultNode cutAtStart = cut;
                    ConfigHistory.Write write = configs.writeNext(key, node);
                    if (write.outcome() == Outcome.ACK && node == cutAtStart && cut == cutAtStart
                            && fault.leavesTargetInMinority() && storage == FaultStorage.EMBEDDED) {
                        minorityAcks.incrementAndGet();
                    }
                }, 50));
                workers.submit(() -> loop(() -> configs.read(key, pick(nodes)), 20));
            }
            for (String key : casKeys) {
                for (int contender = 0; contender < 3; contender++) {
                    workers.submit(() -> loop(() -> cas.attempt(key, pick(nodes), pick(nodes)), 30));
                }
            }
            if (fault.leavesTargetInMinority() && fault != Fault.ISOLATE_FOLLOWER) {
                workers.submit(() -> loop(() -> readFromCut(plainKeys.get(0)), 200));
            }
            for (String ip : instanceIps) {
                workers.submit(() -> loop(() -> instances.next(ip, pick(nodes)), 100));
            }
            ExecutorService prober = Executors.newFixedThreadPool(2);
            prober.submit(() -> {
                while (probing) {
                    ephemeral.probe(nodes);
                    Thread.sleep(1000);
                }
                return null;
            });
            Thread.sleep(WARM_UP.toMillis());

            long termBefore = cluster.termOf(storage.raftGroup(), bystander);
            List<FaultNode> others = nodes.stream().filter(node -> node != target).toList();
            int onTarget = NodeCalls.clientConnections(target);
            int elsewhere = others.stream().mapToInt(NodeCalls::clientConnections).sum();
            String applied = fault.apply(target, follower);
            ephemeral.excuse(fault.apartWhileHeld(target, follower));
            cut = target;
            long cutAt = System.nanoTime();
            Future<Double> moved = prober.submit(() -> secondsUntilMoved(others, elsewhere + onTarget, cutAt));
            fault.hold(target, hold.multipliedBy(3).dividedBy(4), random);
            ephemeral.retireOneOfEach();
            fault.hold(target, hold.dividedBy(4), random);
            FaultNet.healAll();
            cut = null;
            ephemeral.excuse(List.of());
            long healedAt = System.nanoTime();

            Thread.sleep(WARM_UP.toMillis());
            running = false;
            workers.shutdown();
            workers.awaitTermination(1, TimeUnit.MINUTES);

            double clientsMoved = onTarget > 0 && fault.movesClients() ? moved.get() : Double.NaN;
            moved.cancel(true);
            Convergence convergence = awaitConvergence(configs, instances, ephemeral, nodes, healedAt);
            EphemeralWatch.Divergence divergence = lastingDivergence(ephemeral, nodes);
            probing = false;
            prober.shutdown();
            prober.awaitTermination(1, TimeUnit.MINUTES);
            long termAfter = cluster.termOf(storage.raftGroup(), bystander);
            List<String> lost = new ArrayList<>(configs.lostOn(nodes));
            lost.addAll(instances.lostOn(nodes));
            List<String> unhappened = new ArrayList<>();
            if (configs.unhappened() > 0) {
                unhappened.add(configs.unhappened() + " reads showed a value nobody wrote or older than one shown before");
            }
            List<String> holes = new ArrayList<>(divergence.holes());
            if (ephemeral.longestHoleMillis() > HOLE_LIMIT.toMillis()) {
                holes.add("an alive instance went unlisted for " + ephemeral.longestHoleMillis() + " ms ("
                        + ephemeral.longestHoleWhere() + ")");
            }
            return new ScenarioResult(name, fault.description() + (applied.isEmpty() ? "" : "; " + applied),
                    configs.acknowledged() + cas.acknowledged() + instances.acknowledged(), lost, unhappened,
                    cas.violations(nodes), divergence.ghosts(), holes, convergence.seconds(), convergence.lastDifference(),
                    ephemeral.longestHoleMillis(),
                    ephemeral.longestHoleWhere(),
                    Math.max(0, termAfter - termBefore), minorityAcks.get(), configs.acknowledgedP99Millis(),
                    new ScenarioResult.CutReads(cutReads.get(), cutReadsAnswered.get(), cutReadsMarked.get()),
                    new ScenarioResult.Moved(fault.movesClients() ? Math.max(onTarget, 0) : 0, clientsMoved));
        } finally {
            running = false;
            probing = false;
            workers.shutdownNow();
            FaultNet.healAll();
        }
    }

    /**
     * Seconds from the heal until every node serves the same configs, lists the same persistent
     * instances and exactly the live ephemeral ones, and the subscribers were pushed that list (the
     * promise's bound, stretched on a busy machine, when they never do), and what was the last to
     * agree.
     */
    private static Convergence awaitConvergence(ConfigHistory configs, InstanceHistory instances, EphemeralWatch ephemeral,
            List<FaultNode> nodes, long healedAt) throws InterruptedException {
        long bound = Patience.millis(CONVERGENCE_PROMISE.toMillis());
        String lastDifference = "";
        while (true) {
            double seconds = (System.nanoTime() - healedAt) / 1e9;
            EphemeralWatch.Divergence divergence = ephemeral.divergence(nodes);
            Optional<String> difference = configs.firstDifference(nodes)
                    .or(() -> instances.firstDifference(nodes))
                    .or(() -> divergence.none() ? Optional.empty() : Optional.of(divergence.toString()));
            if (difference.isEmpty() || seconds * 1000 > bound) {
                return new Convergence(seconds, lastDifference);
            }
            lastDifference = difference.get();
            Thread.sleep(250);
        }
    }

    /**
     * The ghosts and holes that remain once the nodes have agreed, looked at again for as long as
     * the convergence promise allows when there are any. A 2.x client still on its way to another
     * node at the heal may move after the nodes agreed: the node it left drops its instance at once,
     * and the SDK registers it on the new node only at its next redo round (every 3 s), a hole the
     * prober times like any other ({@link #HOLE_LIMIT}). What a node wrongly dropped or kept stays.
     */
    private static EphemeralWatch.Divergence lastingDivergence(EphemeralWatch ephemeral, List<FaultNode> nodes)
            throws InterruptedException {
        long bound = Patience.millis(CONVERGENCE_PROMISE.toMillis());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(bound);
        EphemeralWatch.Divergence divergence = ephemeral.divergence(nodes);
        while (!divergence.none() && System.nanoTime() < deadline) {
            Thread.sleep(250);
            divergence = ephemeral.divergence(nodes);
        }
        return divergence;
    }

    /** How long the nodes took to agree after the heal, and what they agreed on last. */
    private record Convergence(double seconds, String lastDifference) {
    }

    /**
     * Seconds from the cut until the other nodes hold {@code expected} client connections (theirs
     * and the cut node's, reconnected), while the fault holds; NaN when they do not by then.
     */
    private double secondsUntilMoved(List<FaultNode> others, int expected, long cutAt) throws InterruptedException {
        while (cut != null) {
            if (others.stream().mapToInt(NodeCalls::clientConnections).sum() >= expected) {
                return (System.nanoTime() - cutAt) / 1e9;
            }
            Thread.sleep(250);
        }
        return Double.NaN;
    }

    /** A read from the node cut from its peers, while it is: answered in time, marked stale? */
    private void readFromCut(String key) {
        FaultNode target = cut;
        if (target == null) {
            return;
        }
        NodeCalls.StaleRead read = NodeCalls.readMarked(target, key);
        if (cut != target) {
            return;
        }
        cutReads.incrementAndGet();
        if (read.answered()) {
            cutReadsAnswered.incrementAndGet();
        }
        if (read.markedStale()) {
            cutReadsMarked.incrementAndGet();
        }
    }

    private FaultNode pick(List<FaultNode> nodes) {
        synchronized (random) {
            return nodes.get(random.nextInt(nodes.size()));
        }
    }

    private void loop(Runnable step, long pauseMillis) {
        while (running) {
            try {
                step.run();
                Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // a call that failed is recorded by the step itself; go on
            }
        }
    }
}
