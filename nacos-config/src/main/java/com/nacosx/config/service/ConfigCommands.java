package com.nacosx.config.service;

import com.nacosx.core.raft.RaftGroups;
import com.nacosx.core.util.Futures;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/**
 * Where a config-center write goes: through the {@code nacos_config} Raft group in an
 * embedded-storage cluster (every node applies it to its own Derby), else straight to this node's
 * {@link ConfigWriter} (standalone, or a cluster sharing MySQL). Either way it returns once this
 * node applied it.
 */
@Component
public class ConfigCommands {

    private final ConfigWriter writer;
    private final RaftGroups raft;

    public ConfigCommands(ConfigWriter writer, RaftGroups raft) {
        this.writer = writer;
        this.raft = raft;
    }

    /** Whether {@link #submitAsync} returns without waiting: not when writes go through Raft. */
    public boolean submitsWithoutWaiting() {
        return !raft.replicates(ConfigCommand.RAFT_GROUP);
    }

    /** @return what {@link ConfigWriter#apply} returned; a refusal it throws reaches the caller */
    public Object submit(ConfigCommand command) {
        return Futures.join(submitAsync(command));
    }

    /**
     * The same without waiting where the write need not: on a node that writes its own store the
     * future completes on the database writer thread. Through Raft the caller waits, as the
     * group's write is blocking.
     */
    public CompletableFuture<?> submitAsync(ConfigCommand command) {
        if (!submitsWithoutWaiting()) {
            try {
                return CompletableFuture.completedFuture(raft.write(ConfigCommand.RAFT_GROUP, ConfigCommand.toBytes(command)));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return writer.applyAsync(command);
    }
}
