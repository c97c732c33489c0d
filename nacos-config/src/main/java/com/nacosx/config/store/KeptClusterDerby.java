package com.nacosx.config.store;

import com.nacosx.core.readiness.StartupStep;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.springframework.util.FileSystemUtils;

/**
 * Whether a cluster node's embedded Derby outlives a restart. In a cluster the Raft group
 * nacos_config is the store of record and this Derby runs without disk syncs, so it is kept only
 * when the node stopped cleanly: the group stopped without an error, Derby shut down, its files
 * were synced, and then the index the group had applied was written into the group's directory.
 * A start takes that record away before anything writes. A kill, a crash, a missing or unreadable
 * record, or a group directory deleted by hand rebuilds the Derby from the group's snapshot and log.
 * <p>
 * Rebuilding made a restart grow with the writes since the group's last snapshot (every 30
 * minutes): a node replayed the log into a fresh Derby at ~1,300 entries a second, 5.5 s for
 * 7,000 publishes on a busy host (bench/RESULTS.md).
 */
public final class KeptClusterDerby {

    private static final String RECORD = "kept-derby";

    private final Path derbyDir;
    private final Path record;
    private long keptIndex;
    private volatile long stoppedAt;

    /** @param groupDir the Raft group's directory, where the record of a clean stop is written */
    public KeptClusterDerby(Path derbyDir, Path groupDir) {
        this.derbyDir = derbyDir;
        this.record = groupDir.resolve(RECORD);
    }

    /** Before Derby opens: keeps the directory the last clean stop recorded, or deletes it. */
    synchronized void prepare() throws IOException {
        long recorded = readRecord();
        if (Files.deleteIfExists(record)) {
            SyncedFiles.sync(record.getParent());
        }
        if (recorded > 0 && Files.isDirectory(derbyDir)) {
            keptIndex = recorded;
            StartupStep.LOG.info("keeping the embedded Derby {} of the last clean stop: it holds the Raft group's "
                    + "entries up to index {}", derbyDir, recorded);
        } else {
            FileSystemUtils.deleteRecursively(derbyDir);
        }
    }

    private long readRecord() {
        if (!Files.exists(record)) {
            return 0;
        }
        try {
            long index = Long.parseLong(Files.readString(record, StandardCharsets.US_ASCII).trim());
            if (index > 0) {
                return index;
            }
            StartupStep.LOG.warn("the record of the last clean stop {} holds no index above 0; the embedded Derby is "
                    + "rebuilt from the Raft group", record);
        } catch (IOException | NumberFormatException e) {
            StartupStep.LOG.warn("the record of the last clean stop {} is unreadable ({}); the embedded Derby is "
                    + "rebuilt from the Raft group", record, e.getMessage());
        }
        return 0;
    }

    /** The last index the kept Derby holds, for the group's first start only; 0 when none was kept. */
    public synchronized long claim() {
        long claimed = keptIndex;
        keptIndex = 0;
        return claimed;
    }

    /** The group stopped without an error; the Derby holds its entries up to {@code appliedIndex}. */
    public void groupStoppedAt(long appliedIndex) {
        stoppedAt = appliedIndex;
    }

    /** Once Derby shut down cleanly: syncs its files and records the index they hold. */
    void recordCleanStop() {
        long index = stoppedAt;
        if (index <= 0) {
            return;
        }
        try {
            SyncedFiles.syncTree(derbyDir);
            Path written = record.resolveSibling(RECORD + ".tmp");
            try (FileChannel out = FileChannel.open(written, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                out.write(StandardCharsets.US_ASCII.encode(index + "\n"));
                out.force(true);
            }
            Files.move(written, record, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            SyncedFiles.sync(record.getParent());
            StartupStep.LOG.info("the embedded Derby is kept for the next start: it holds the Raft group's entries "
                    + "up to index {}", index);
        } catch (IOException e) {
            StartupStep.LOG.warn("the embedded Derby could not be kept for the next start ({}); it will be rebuilt "
                    + "from the Raft group", e.toString());
        }
    }
}
