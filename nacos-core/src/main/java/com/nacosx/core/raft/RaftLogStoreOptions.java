package com.nacosx.core.raft;

import com.alipay.sofa.jraft.storage.impl.RocksDBLogStorage;
import com.alipay.sofa.jraft.util.StorageOptionsFactory;
import org.rocksdb.ColumnFamilyOptions;

/**
 * The RocksDB settings of the groups' Raft logs. JRaft's own give each memtable 128 MB and a
 * prefix bloom filter of an eighth of that, allocated and zeroed when the memtable is created: two
 * column families a group, so 32 MB resident per group from its start, whatever it holds (64 MB of
 * a node's 400 MB at rest under the held load of bench/cluster-side-by-side.sh). A Raft log is
 * written in order and read back by index, mostly from the memtable while a follower catches up:
 * a 16 MB memtable holds ~13,000 1 KB config publishes, seconds of the heaviest publish load, and
 * its filter is 2 MB.
 */
final class RaftLogStoreOptions {

    static final long MEMTABLE_BYTES = 16L * 1024 * 1024;
    private static boolean registered;

    private RaftLogStoreOptions() {
    }

    /**
     * Before the first group starts: JRaft reads the options when it opens a log, and refuses a
     * second registration in the same JVM (nodes of a test share one).
     */
    static synchronized void register() {
        if (registered) {
            return;
        }
        registered = true;
        ColumnFamilyOptions options = StorageOptionsFactory.getDefaultRocksDBColumnFamilyOptions();
        options.setWriteBufferSize(MEMTABLE_BYTES);
        StorageOptionsFactory.registerRocksDBColumnFamilyOptions(RocksDBLogStorage.class, options);
    }
}
