package com.nacosx.faults;

import java.time.Duration;
import java.util.List;
import java.util.Random;

/**
 * A fault the harness applies to a running cluster and heals: which node it hits is chosen when it
 * is applied (the config leader, or a follower), so that the scenario means the same on every run.
 */
enum Fault {
    /** A follower cut from the other two nodes; clients still reach it. */
    CUT_FOLLOWER("a follower cut from the other two (clients reach all three)"),
    /** The config Raft leader cut from the other two; clients still reach it (split 1 | 2, clients on both sides). */
    CUT_LEADER("the Raft leader cut from the other two (split 1 | 2, clients on both sides)"),
    /** A follower cut from everything, clients too: its clients must move. */
    ISOLATE_FOLLOWER("a follower cut from everything, clients too"),
    /** The leader stops hearing a follower, which still hears the leader. */
    ONE_WAY("the leader stops hearing a follower (one-way)"),
    /** A follower's link to the other nodes goes down and up every 1-5 s. */
    FLAP("a follower's link to its peers flapping every 1-5 s"),
    /** The leader's link slow and lossy. */
    SLOW_LEADER("the leader's link slow and lossy"),
    /** A follower cut from the shared database (MySQL mode). */
    CUT_DATABASE("a follower cut from the database");

    private final String description;

    Fault(String description) {
        this.description = description;
    }

    String description() {
        return description;
    }

    /** Applies the fault to {@code target} (for ONE_WAY, {@code other} is the follower the leader no longer hears). */
    String apply(FaultNode target, FaultNode other) {
        switch (this) {
            case CUT_FOLLOWER, CUT_LEADER, FLAP -> FaultNet.cutPeers(target.index());
            case ISOLATE_FOLLOWER -> FaultNet.isolate(target.index());
            case ONE_WAY -> FaultNet.deaf(target.index(), other.index());
            case SLOW_LEADER -> {
                return FaultNet.slow(target.index());
            }
            case CUT_DATABASE -> FaultNet.cutDatabase(target.index());
            default -> throw new IllegalStateException(name());
        }
        return "";
    }

    /** Whether the node it hits is left in a Raft minority, where no config write may be acknowledged. */
    boolean leavesTargetInMinority() {
        return this == CUT_FOLLOWER || this == CUT_LEADER || this == ISOLATE_FOLLOWER;
    }

    /** Whether the node it hits should see its clients go to the other nodes while it holds. */
    boolean movesClients() {
        return this == CUT_FOLLOWER || this == CUT_LEADER || this == ISOLATE_FOLLOWER;
    }

    /**
     * The nodes that no longer hear each other while it holds, though each still reaches the third:
     * each lists only the instances of the nodes it hears, so an instance held on the other is not a
     * hole there (Distro cannot verify, through a node it does not hear, what that node holds). For
     * ONE_WAY the leader and the follower it does not hear; none for the others.
     */
    List<FaultNode> apartWhileHeld(FaultNode target, FaultNode other) {
        return this == ONE_WAY ? List.of(target, other) : List.of();
    }

    boolean hitsLeader() {
        return this == CUT_LEADER || this == ONE_WAY || this == SLOW_LEADER;
    }

    /**
     * How long to hold it when scenarios are held {@code hold}: a cut follower at least 20 s, longer
     * than the Distro expiry of its clients' instances on the other nodes (16 s), so that one
     * wrongly dropped shows as a hole even in the short mode.
     */
    Duration holdFor(Duration hold) {
        Duration beyondExpiry = Duration.ofSeconds(20);
        return this == CUT_FOLLOWER && hold.compareTo(beyondExpiry) < 0 ? beyondExpiry : hold;
    }

    /** Holds the fault for {@code hold}: a flap switches it off and on meanwhile, others just wait. */
    void hold(FaultNode target, Duration hold, Random random) throws InterruptedException {
        long end = System.nanoTime() + hold.toNanos();
        boolean cut = true;
        while (System.nanoTime() < end) {
            if (this != FLAP) {
                Thread.sleep(Math.max(1, Math.min(500, (end - System.nanoTime()) / 1_000_000)));
                continue;
            }
            Thread.sleep(1000 + random.nextInt(4000));
            if (cut) {
                FaultNet.healAll();
            } else {
                FaultNet.cutPeers(target.index());
            }
            cut = !cut;
        }
    }
}
