package com.nacosx.core.raft;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The room left on the filesystem of the Raft data (log, snapshots) and the embedded database. A
 * write is refused while less than {@link #MIN_FREE_BYTES} is free, with a message that says so:
 * once the disk is full, JRaft's log and Derby fail with errors that name neither the disk nor what
 * to do, and the group has to start again (found by the fault tests).
 */
final class DiskSpace {

    static final long MIN_FREE_BYTES = 16L << 20;
    /** A write reads the size at most this often: statfs per write would cost more than it tells. */
    private static final long CHECK_INTERVAL_NANOS = 1_000_000_000L;

    private final Path dir;
    private volatile long free = Long.MAX_VALUE;
    private volatile long checkedAt;

    DiskSpace(Path dir) {
        this.dir = dir;
    }

    /** @throws NacosException 500 when the data filesystem is (nearly) full */
    void require() {
        long now = System.nanoTime();
        if (now - checkedAt > CHECK_INTERVAL_NANOS) {
            checkedAt = now;
            free = usable();
        }
        if (free < MIN_FREE_BYTES) {
            throw new NacosException(NacosException.SERVER_ERROR, ErrorCode.DATA_ACCESS_ERROR, "no space left for the "
                    + "write: the disk of " + dir + " has " + free / 1024 + " KB free, less than the "
                    + MIN_FREE_BYTES / 1024 + " KB needed; free space on it (writes are taken again at once)");
        }
    }

    /** Whether the filesystem has the room a write needs, read now. */
    boolean hasRoom() {
        return usable() >= MIN_FREE_BYTES;
    }

    private long usable() {
        try {
            return Files.getFileStore(Files.isDirectory(dir) ? dir : dir.getParent()).getUsableSpace();
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }
}
