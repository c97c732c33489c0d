package com.nacosx.core.replication;

import com.nacosx.core.raft.RaftGroups;
import com.nacosx.core.util.Futures;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The one way a module's replicated state changes. In a cluster that runs the module's Raft group
 * a command goes through the group ({@link RaftCommandLog}); elsewhere it is applied here
 * ({@link LocalCommandLog}). Which one is chosen once, when the module is wired ({@link #choose}).
 * Either way the future completes once this node has applied the command, so a read here right
 * after sees it, and commands submitted from one thread apply in submission order.
 *
 * @param <T> what the module's commands are applied to
 */
public interface CommandLog<T> {

    /**
     * Submits the command without waiting. The future completes on the thread that applied it here
     * (the caller's, the store's writer, or Raft's), with what applying it yielded, or with its
     * refusal.
     */
    <R> CompletableFuture<R> submit(Command<T, R> command);

    /** Submits and waits, for callers already on a thread that may block; a refusal is rethrown as itself. */
    default <R> R submitAndWait(Command<T, R> command) {
        return Futures.join(submit(command));
    }

    /**
     * The Raft log when {@code group} runs on this node, else {@code local}.
     *
     * @param encode the command's bytes in the group's log (the state machine decodes them)
     */
    static <T> CommandLog<T> choose(RaftGroups raft, String group, Function<Command<T, ?>, byte[]> encode,
            CommandLog<T> local) {
        return raft.replicates(group) ? new RaftCommandLog<>(raft, group, encode) : local;
    }
}
