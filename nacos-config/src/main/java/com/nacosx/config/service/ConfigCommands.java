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

    /** @return what {@link ConfigWriter#apply} returned; a refusal it throws reaches the caller */
    public Object submit(ConfigCommand command) {
        return Futures.join(submitAsync(command));
    }

    /**
     * The same without waiting: the future completes on the database writer thread, or through
     * Raft on the thread that applied the entry on this node. Commands submitted from one thread
     * are applied in that order either way (the writer and the group keep submission order).
     */
    public CompletableFuture<?> submitAsync(ConfigCommand command) {
        if (raft.replicates(ConfigCommand.RAFT_GROUP)) {
            return raft.writeAsync(ConfigCommand.RAFT_GROUP, ConfigCommand.toBytes(command));
        }
        return writer.applyAsync(command);
    }
}
