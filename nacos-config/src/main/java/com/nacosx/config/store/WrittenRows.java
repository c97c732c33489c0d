package com.nacosx.config.store;

import com.nacosx.config.model.ConfigKey;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The formal rows of config_info as this node's own writes left them, kept on the embedded Derby
 * only, which no other process writes. A publish then records the row it replaces in history from
 * here instead of reading it back: that read was 15% of the database writer's time in a cluster's
 * publish storm, where the writer sets every node's pace (async-profiler, bench/RESULTS.md).
 * <p>
 * Only written configs are held (a config not written since the start is read once), and their
 * content is the very String the cache holds. A transaction that does not commit forgets every
 * row, since some it remembered may have been rolled back; so does a wholesale rewrite of the table
 * (a Raft snapshot). A row changed behind this memory all the same is caught by the update, which
 * is guarded by the remembered id and md5 ({@link FormalRowReplacement}).
 */
@Component
public class WrittenRows implements TransactionSynchronization {

    /** What a history row takes from the formal row it records. */
    record FormalRow(long id, String appName, String content, String md5, String encryptedDataKey) {
    }

    private final Map<ConfigKey, FormalRow> rows = new ConcurrentHashMap<>();
    private final boolean kept;

    public WrittenRows(DataSourceSettings settings) {
        this.kept = settings.dialect() == SqlDialect.DERBY;
    }

    /** Whether rows are kept: only on the embedded Derby; a shared MySQL is written by other nodes too. */
    boolean kept() {
        return kept;
    }

    /** The row as this node last wrote it, or null when it does not know. */
    FormalRow get(ConfigKey key) {
        return rows.get(key);
    }

    /** Remembers the row a write of the current transaction left; the md5 is never null. */
    void remember(ConfigKey key, FormalRow row) {
        if (!kept) {
            return;
        }
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(this);
        }
        rows.put(key, row);
    }

    void forget(ConfigKey key) {
        rows.remove(key);
    }

    void forgetAll() {
        rows.clear();
    }

    @Override
    public void afterCompletion(int status) {
        if (status != STATUS_COMMITTED) {
            forgetAll();
        }
    }
}
