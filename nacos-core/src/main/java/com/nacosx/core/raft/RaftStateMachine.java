package com.nacosx.core.raft;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * What a module replicates through one Raft group: commands it submits with
 * {@link RaftGroups#write}, applied on every node in the order of the group's log. Register an
 * implementation as a bean; in cluster mode core starts a group for it, in standalone mode there
 * are no groups and the module writes locally.
 *
 * <p>{@link #apply} must be deterministic: the same commands in the same order must leave every
 * node in the same state, so anything that varies (clocks, ids) travels inside the command.
 */
public interface RaftStateMachine {

    /** The group's name, also its directory under {@code data/protocol/raft}. */
    String group();

    /**
     * Whether this node runs the group at all. The server's beans are fixed when it is built
     * (Spring's ahead-of-time processing), so a module whose data lives elsewhere in some set-ups
     * (the configs in MySQL) answers no here instead of leaving its machine out by a condition.
     */
    default boolean replicated() {
        return true;
    }

    /**
     * Forgets the replicated state this node holds before the group replays it from its snapshot
     * and log: what the node kept on disk may lie ahead of or behind the log.
     */
    void reset();

    /**
     * Asked at each start of the group, before {@link #reset}: the index of the last entry applied
     * to state this node kept from a clean stop ({@link #stoppedCleanly}), or 0 when it kept none.
     * A kept state is not reset, and the group skips its snapshots and entries up to that index
     * instead of replaying them into it. A state is claimed by one start only: a group started
     * again after an error replays into a reset state.
     */
    default long claimKeptState() {
        return 0;
    }

    /**
     * The node is stopping and the group stopped without an error, having applied every entry up
     * to {@code appliedIndex} and nothing after it: the machine may keep its state for the next
     * start's {@link #claimKeptState}.
     */
    default void stoppedCleanly(long appliedIndex) {
    }

    /**
     * Applies one committed command, at once or after returning: the group hands over the next
     * command before this one's future completes, and counts a batch applied once all of its
     * futures completed, so the commands must take effect in the order of the calls. The value the
     * future completes with is handed to the writer; a {@link RuntimeException} it fails with, or
     * that this throws (a refused compare-and-set, say), is thrown to the writer instead, and is
     * the same on every node.
     */
    CompletableFuture<Object> apply(byte[] command);

    /** Writes the whole state into {@code directory}; every file written there joins the snapshot. */
    void saveSnapshot(Path directory) throws IOException;

    /** Replaces the whole state with what {@link #saveSnapshot} wrote into {@code directory}. */
    void loadSnapshot(Path directory) throws IOException;
}
