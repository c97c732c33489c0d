package com.nacosx.config.service;

import com.nacosx.core.replication.CommandLog;
import com.nacosx.config.ConfigProperties;
import com.nacosx.config.cluster.SharedStoreCluster;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.raft.RaftGroups;
import com.nacosx.core.util.BackgroundRounds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Deletes history rows older than {@code nacos.config.retention.days}, every
 * {@code nacos.config.retention.interval}, as the official server does: on one node per store (a
 * standalone node; the Raft leader of an embedded-storage cluster, whose deletes replicate as
 * commands; the first member by address of a cluster sharing MySQL), in steps of
 * {@value #STEP} rows so that publishes go on between them.
 */
@Component
public class HistoryRetention extends BackgroundRounds {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    static final int STEP = 1000;

    private final CommandLog<ConfigWriter> commands;
    private final RaftGroups raft;
    private final ServerMemberManager members;
    private final SharedStoreCluster sharedStore;
    private final ConfigProperties.Retention settings;

    public HistoryRetention(CommandLog<ConfigWriter> commands, RaftGroups raft, ServerMemberManager members,
            SharedStoreCluster sharedStore, ConfigProperties properties) {
        super("config-history-retention");
        this.commands = commands;
        this.raft = raft;
        this.members = members;
        this.sharedStore = sharedStore;
        this.settings = properties.retention();
    }

    @Override
    protected void scheduleRounds() {
        long interval = settings.interval().toMillis();
        every(interval, interval, TimeUnit.MILLISECONDS, this::prune);
    }

    private void prune() {
        if (!isThisNodesTurn()) {
            return;
        }
        long before = System.currentTimeMillis() - Duration.ofDays(settings.days()).toMillis();
        try {
            int total = 0;
            int deleted;
            do {
                deleted = commands.submitAndWait(new ConfigCommand.PruneHistory(before, STEP));
                total += deleted;
            } while (deleted == STEP && isRunning());
            if (total > 0) {
                LOG.info("[history] deleted {} history rows older than {} days", total, settings.days());
            }
        } catch (RuntimeException e) {
            LOG.warn("[history] could not delete old history rows, will retry in {}: {}", settings.interval(),
                    e.toString());
        }
    }

    private boolean isThisNodesTurn() {
        if (raft.replicates(ConfigCommand.RAFT_GROUP)) {
            return raft.isLeader(ConfigCommand.RAFT_GROUP);
        }
        return !sharedStore.shared() || members.all().get(0) == members.self();
    }
}
