package com.nacosx.config.cluster;

import com.nacosx.config.service.ConfigCommand;
import com.nacosx.config.service.ConfigWriter;
import com.nacosx.config.store.DataSourceSettings;
import com.nacosx.config.store.KeptClusterDerby;
import com.nacosx.config.store.SqlDialect;
import com.nacosx.config.store.TableSnapshot;
import com.nacosx.core.raft.RaftStateMachine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/**
 * The config center of an embedded-storage cluster as a Raft group: every node applies the same
 * {@link ConfigCommand}s to its own Derby and cache (and tells its own listeners); the snapshot is
 * the config tables. A node's Derby is rebuilt from the group at each start unless the node stopped
 * cleanly ({@link KeptClusterDerby}), so it can never hold a write the group does not. A cluster on
 * MySQL shares the database instead and runs no such group.
 */
@Component
public class ConfigStateMachine implements RaftStateMachine {

    private static final String SNAPSHOT_FILE = "config-tables.json";

    private final ConfigWriter writer;
    private final StoreReconciler reconciler;
    private final TableSnapshot tables;
    private final KeptClusterDerby kept;
    private final boolean embedded;

    public ConfigStateMachine(ConfigWriter writer, StoreReconciler reconciler, TableSnapshot tables,
            KeptClusterDerby kept, DataSourceSettings storage) {
        this.embedded = storage.dialect() == SqlDialect.DERBY;
        this.writer = writer;
        this.reconciler = reconciler;
        this.tables = tables;
        this.kept = kept;
    }

    @Override
    public String group() {
        return ConfigCommand.RAFT_GROUP;
    }

    @Override
    public boolean replicated() {
        return embedded;
    }

    @Override
    public long claimKeptState() {
        return kept.claim();
    }

    @Override
    public void stoppedCleanly(long appliedIndex) {
        kept.groupStoppedAt(appliedIndex);
    }

    @Override
    public void reset() {
        tables.clear();
        reconciler.reloadDiffering();
    }

    /** On the database writer, whose one thread keeps the commands' order; batches share a commit. */
    @Override
    public CompletableFuture<Object> apply(byte[] command) {
        return ConfigCommand.fromBytes(command).applyTo(writer).thenApply(result -> result);
    }

    @Override
    public void saveSnapshot(Path directory) throws IOException {
        tables.save(directory.resolve(SNAPSHOT_FILE));
    }

    @Override
    public void loadSnapshot(Path directory) throws IOException {
        tables.load(directory.resolve(SNAPSHOT_FILE));
        reconciler.reloadDiffering();
    }
}
