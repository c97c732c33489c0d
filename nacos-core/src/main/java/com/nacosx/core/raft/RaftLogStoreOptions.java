package com.nacosx.core.raft;

import com.alipay.sofa.jraft.storage.impl.RocksDBLogStorage;
import com.alipay.sofa.jraft.util.StorageOptionsFactory;
import com.nacosx.core.readiness.StartupStep;
import com.nacosx.core.util.DaemonThreads;
import java.util.concurrent.CompletableFuture;
import org.rocksdb.ColumnFamilyOptions;

/**
 * The RocksDB settings of the groups' Raft logs. JRaft's own give each memtable 128 MB and a
 * prefix bloom filter of an eighth of that, allocated and zeroed when the memtable is created: two
 * column families a group, so 32 MB resident per group from its start, whatever it holds (64 MB of
 * a node's 400 MB at rest under the held load of bench/cluster-side-by-side.sh). A Raft log is
 * written in order and read back by index, mostly from the memtable while a follower catches up:
 * a 16 MB memtable holds ~13,000 1 KB config publishes, seconds of the heaviest publish load.
 * The memtables have no bloom filter: it answers "not here" for keys a log never asks after (it
 * reads back indexes it wrote), and would take 2 MB, zeroed at once, for each memtable of each
 * column family of each group, 12 MB a node.
 * <p>
 * Making the options loads RocksDB's native library, which took 0.3–0.5 s of a node's restart
 * under load (bench/RESULTS.md): it is done on a thread of its own while the node builds its
 * beans, and the first group waits for it.
 */
final class RaftLogStoreOptions {

    static final long MEMTABLE_BYTES = 16L * 1024 * 1024;
    private static CompletableFuture<Void> registration;

    private RaftLogStoreOptions() {
    }

    /**
     * Starts the registration unless it has begun: JRaft refuses a second one in the same JVM
     * (nodes of a test share one).
     */
    static synchronized void registerInBackground() {
        if (registration == null) {
            registration = CompletableFuture.runAsync(
                    () -> StartupStep.timed("loading RocksDB for the Raft logs", RaftLogStoreOptions::register),
                    task -> DaemonThreads.named("rocksdb-load").newThread(task).start());
        }
    }

    /** Before the first group starts: JRaft reads the options when it opens a log. */
    static void awaitRegistered() {
        registerInBackground();
        registration.join();
    }

    private static void register() {
        ColumnFamilyOptions options = StorageOptionsFactory.getDefaultRocksDBColumnFamilyOptions();
        options.setWriteBufferSize(MEMTABLE_BYTES);
        options.setMemtablePrefixBloomSizeRatio(0);
        StorageOptionsFactory.registerRocksDBColumnFamilyOptions(RocksDBLogStorage.class, options);
    }
}
