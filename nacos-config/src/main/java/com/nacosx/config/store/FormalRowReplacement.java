package com.nacosx.config.store;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigWrite;
import java.util.Optional;
import org.springframework.stereotype.Repository;

/**
 * A publish over an existing config: updates its formal row and records in history the row as it
 * was, in the caller's transaction.
 * <p>
 * On MySQL, which other nodes write too, the database copies the stored row into history itself
 * ({@link HistoryStore#recordStored}). On the embedded Derby the row replaced is the one this node
 * remembers writing ({@link WrittenRows}), and the update is made only while the row still has
 * that id and md5; a row this node does not know, or one changed behind it, is read first, as
 * every publish read it before.
 */
@Repository
public class FormalRowReplacement {

    private final ConfigInfoStore configs;
    private final HistoryStore history;
    private final WrittenRows written;

    public FormalRowReplacement(ConfigInfoStore configs, HistoryStore history, WrittenRows written) {
        this.configs = configs;
        this.history = history;
        this.written = written;
    }

    /**
     * Replaces the formal row of {@code key}; with {@code casMd5}, only while the stored md5 equals
     * it (or the row has none, as on the official server).
     *
     * @return whether a row was there (and matched) and was replaced
     */
    public boolean replace(ConfigKey key, ConfigWrite write, String casMd5, long now) {
        if (!written.kept()) {
            return history.recordStored(key, casMd5, write.srcIp(), write.srcUser(), HistoryStore.UPDATE, now)
                    && configs.update(key, write, now, casMd5);
        }
        WrittenRows.FormalRow known = written.get(key);
        if (known != null && (casMd5 == null || casMd5.equals(known.md5()))
                && configs.update(known.id(), known.md5(), write, now)) {
            recordReplaced(key, known, write, now);
            return true;
        }
        Optional<WrittenRows.FormalRow> stored = configs.formalRow(key, casMd5);
        if (stored.isEmpty() || !configs.update(key, write, now, casMd5)) {
            return false;
        }
        recordReplaced(key, stored.get(), write, now);
        return true;
    }

    private void recordReplaced(ConfigKey key, WrittenRows.FormalRow replaced, ConfigWrite write, long now) {
        history.record(replaced.id(), key, replaced.content(), replaced.md5(), replaced.appName(), write.srcIp(),
                write.srcUser(), HistoryStore.UPDATE, null, replaced.encryptedDataKey(), now);
        written.remember(key, ConfigInfoStore.rowOf(replaced.id(), write));
    }
}
