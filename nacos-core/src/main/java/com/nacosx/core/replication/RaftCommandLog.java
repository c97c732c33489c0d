package com.nacosx.core.replication;

import com.nacosx.core.raft.RaftGroups;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Commands through one Raft group: appended by its leader, answered once this node's state machine
 * applied the entry, with what the machine returned for it (the machine applies the same
 * {@link Command}, decoded, so the answer is the command's own {@code R}).
 */
final class RaftCommandLog<T> implements CommandLog<T> {

    private final RaftGroups raft;
    private final String group;
    private final Function<Command<T, ?>, byte[]> encode;

    RaftCommandLog(RaftGroups raft, String group, Function<Command<T, ?>, byte[]> encode) {
        this.raft = raft;
        this.group = group;
        this.encode = encode;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> CompletableFuture<R> submit(Command<T, R> command) {
        return raft.writeAsync(group, encode.apply(command)).thenApply(result -> (R) result);
    }
}
