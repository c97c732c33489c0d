package com.nacosx.core.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alipay.sofa.jraft.Closure;
import com.alipay.sofa.jraft.Iterator;
import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.entity.RaftOutter;
import com.alipay.sofa.jraft.storage.snapshot.SnapshotReader;
import com.google.protobuf.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Committed entries applied many at once: their results go to their writers in log order, and an
 * entry the store cannot take stops the group right before it, whether it was among the first
 * {@link GroupStateMachine#IN_FLIGHT} entries of a batch or the last.
 */
class GroupStateMachineTest {

    /** Completes the machine's futures on another thread, in order, as the config database writer does. */
    final ExecutorService writer = Executors.newSingleThreadExecutor();
    final List<String> applied = new ArrayList<>();
    final List<Path> snapshotsLoaded = new ArrayList<>();
    long stoppedAt = -1;

    @AfterEach
    void stopWriter() throws InterruptedException {
        writer.shutdown();
        assertTrue(writer.awaitTermination(10, TimeUnit.SECONDS));
    }

    /** Applies commands in order on the writer thread; a command "fail" fails as a full disk does. */
    RaftStateMachine machine() {
        return new RaftStateMachine() {
            @Override
            public String group() {
                return "test";
            }

            @Override
            public void reset() {
            }

            @Override
            public CompletableFuture<Object> apply(byte[] command) {
                String text = new String(command, StandardCharsets.UTF_8);
                return CompletableFuture.supplyAsync(() -> {
                    if (text.equals("fail")) {
                        throw new UncheckedIOException(new IOException("No space left on device"));
                    }
                    applied.add(text);
                    return "applied " + text;
                }, writer);
            }

            @Override
            public void saveSnapshot(Path directory) {
            }

            @Override
            public void loadSnapshot(Path directory) {
                snapshotsLoaded.add(directory);
            }

            @Override
            public void stoppedCleanly(long appliedIndex) {
                stoppedAt = appliedIndex;
            }
        };
    }

    @Test
    void aBatchLongerThanWhatIsAppliedAtOnceHandsEveryResultOnInLogOrder() {
        GroupStateMachine group = new GroupStateMachine(machine(), 0, () -> { });
        int count = GroupStateMachine.IN_FLIGHT * 2 + 10;
        List<RaftEntry> entries = new ArrayList<>();
        List<CompletableFuture<Object>> writers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            RaftEntry entry = RaftEntry.of(("c" + i).getBytes(StandardCharsets.UTF_8));
            entries.add(entry);
            writers.add(group.expect(entry.id()));
        }
        FakeIterator log = new FakeIterator(entries);

        group.onApply(log);

        assertFalse(log.failed);
        assertEquals(count, applied.size());
        assertEquals(log.doneInOrder(), log.closed, "every closure ran once, in log order");
        for (int i = 0; i < count; i++) {
            assertEquals("applied c" + i, writers.get(i).getNow(null));
        }
    }

    @Test
    void aStoreFailureAmongTheFirstEntriesAppliedAtOnceStopsTheGroupBeforeIt() {
        stopsBefore(100, GroupStateMachine.IN_FLIGHT + 50);
    }

    @Test
    void aStoreFailureInTheLastEntriesOfABatchStopsTheGroupBeforeIt() {
        stopsBefore(GroupStateMachine.IN_FLIGHT + 20, GroupStateMachine.IN_FLIGHT + 50);
    }

    @Test
    void aStoreFailureOnTheLastEntryStopsTheGroupBeforeIt() {
        stopsBefore(9, 10);
    }

    /**
     * A state kept from a clean stop already holds the entries up to its index: the log's entries and
     * a snapshot up to there are skipped, the rest applied, and a stop in between reports the kept
     * index, never less, lest the next start apply entries twice.
     */
    @Test
    void aKeptStateSkipsWhatItHoldsAndReportsNoLessAtTheStop() {
        long kept = FakeIterator.FIRST_INDEX + 4;
        GroupStateMachine group = new GroupStateMachine(machine(), kept, () -> { });

        assertTrue(group.onSnapshotLoad(new FakeSnapshot(kept - 2)));
        assertEquals(List.of(), snapshotsLoaded, "a snapshot behind the kept state is not loaded");
        List<RaftEntry> held = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            held.add(RaftEntry.of(("held" + i).getBytes(StandardCharsets.UTF_8)));
        }
        group.onApply(new FakeIterator(held));
        group.stoppedCleanly();
        assertEquals(List.of(), applied);
        assertEquals(kept, stoppedAt, "a stop amid the skipped entries reports the kept index");

        List<RaftEntry> entries = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            entries.add(RaftEntry.of(("c" + i).getBytes(StandardCharsets.UTF_8)));
        }
        group.onApply(new FakeIterator(entries));
        group.stoppedCleanly();
        assertEquals(List.of("c5", "c6", "c7"), applied, "only the entries after the kept index are applied");
        assertEquals(FakeIterator.FIRST_INDEX + 7, stoppedAt);

        assertTrue(group.onSnapshotLoad(new FakeSnapshot(kept + 10)));
        assertEquals(1, snapshotsLoaded.size(), "a snapshot ahead of the kept state replaces it");
    }

    private void stopsBefore(int failing, int count) {
        GroupStateMachine group = new GroupStateMachine(machine(), 0, () -> { });
        List<RaftEntry> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            entries.add(RaftEntry.of((i == failing ? "fail" : "c" + i).getBytes(StandardCharsets.UTF_8)));
        }
        FakeIterator log = new FakeIterator(entries);

        group.onApply(log);

        assertTrue(log.failed);
        assertEquals(FakeIterator.FIRST_INDEX + failing, log.index, "the group goes on from the failed entry");
        assertEquals(log.doneInOrder().subList(0, failing), log.closed, "only the entries before it are done");
    }

    /** A snapshot up to an index, as JRaft hands it to onSnapshotLoad. */
    static final class FakeSnapshot extends SnapshotReader {

        final long lastIncludedIndex;

        FakeSnapshot(long lastIncludedIndex) {
            this.lastIncludedIndex = lastIncludedIndex;
        }

        @Override
        public RaftOutter.SnapshotMeta load() {
            return RaftOutter.SnapshotMeta.newBuilder().setLastIncludedIndex(lastIncludedIndex)
                    .setLastIncludedTerm(1).build();
        }

        @Override
        public String getPath() {
            return "snapshot_" + lastIncludedIndex;
        }

        @Override
        public String generateURIForCopy() {
            return null;
        }

        @Override
        public Set<String> listFiles() {
            return Set.of();
        }

        @Override
        public Message getFileMeta(String fileName) {
            return null;
        }

        @Override
        public boolean init(Void options) {
            return true;
        }

        @Override
        public void shutdown() {
        }

        @Override
        public void close() {
        }
    }

    /**
     * The iterator JRaft hands to onApply, as sofa-jraft 1.4.1's IteratorWrapper over IteratorImpl
     * behaves: past the last entry once moved beyond it, and a rollback counted from the entry it
     * stands on (that one included) or, past the end, from the index after the last.
     */
    static final class FakeIterator implements Iterator {

        static final long FIRST_INDEX = 41;

        final List<RaftEntry> entries;
        final List<Closure> dones = new ArrayList<>();
        final List<Long> closed = new ArrayList<>();
        long index = FIRST_INDEX;
        boolean failed;

        FakeIterator(List<RaftEntry> entries) {
            this.entries = entries;
            for (int i = 0; i < entries.size(); i++) {
                long entryIndex = FIRST_INDEX + i;
                dones.add(status -> {
                    assertTrue(status.isOk());
                    closed.add(entryIndex);
                });
            }
        }

        List<Long> doneInOrder() {
            List<Long> all = new ArrayList<>();
            for (int i = 0; i < entries.size(); i++) {
                all.add(FIRST_INDEX + i);
            }
            return all;
        }

        private boolean onEntry() {
            return index - FIRST_INDEX < entries.size();
        }

        @Override
        public boolean hasNext() {
            return !failed && onEntry();
        }

        @Override
        public ByteBuffer next() {
            ByteBuffer data = getData();
            index++;
            return data;
        }

        @Override
        public ByteBuffer getData() {
            return ByteBuffer.wrap(entries.get((int) (index - FIRST_INDEX)).encode());
        }

        @Override
        public long getIndex() {
            return index;
        }

        @Override
        public long getTerm() {
            return 1;
        }

        @Override
        public Closure done() {
            return dones.get((int) (index - FIRST_INDEX));
        }

        @Override
        public void setAutoCommitPerLog(boolean status) {
        }

        @Override
        public boolean commit() {
            return false;
        }

        @Override
        public void commitAndSnapshotSync(Closure done) {
        }

        @Override
        public void setErrorAndRollback(long ntail, Status status) {
            index -= onEntry() ? ntail - 1 : ntail;
            failed = true;
        }
    }
}
