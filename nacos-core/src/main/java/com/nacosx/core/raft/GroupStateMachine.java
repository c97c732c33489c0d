package com.nacosx.core.raft;

import com.alipay.sofa.jraft.Closure;
import com.alipay.sofa.jraft.Iterator;
import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.conf.Configuration;
import com.alipay.sofa.jraft.core.StateMachineAdapter;
import com.alipay.sofa.jraft.entity.LeaderChangeContext;
import com.alipay.sofa.jraft.error.RaftError;
import com.alipay.sofa.jraft.error.RaftException;
import com.alipay.sofa.jraft.storage.snapshot.SnapshotReader;
import com.alipay.sofa.jraft.storage.snapshot.SnapshotWriter;
import com.nacosx.api.exception.NacosException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Feeds a group's committed entries to its {@link RaftStateMachine} in log order, and hands each
 * result to the writer on this node that waits for it. Also takes and installs the
 * group's snapshots and remembers the term and role for the status page.
 */
class GroupStateMachine extends StateMachineAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(GroupStateMachine.class);
    /** Entries applied at once at most: a batch of the database's group commit, and a bound on what waits. */
    static final int IN_FLIGHT = 256;

    private final RaftStateMachine machine;
    /** The last index the machine's kept state holds ({@link RaftStateMachine#claimKeptState}), 0 for none. */
    private final long keptIndex;
    private final Map<UUID, CompletableFuture<Object>> waiting = new ConcurrentHashMap<>();
    private volatile long appliedIndex;
    private volatile long term;
    private volatile Configuration lastPeers;
    private final Runnable onStopped;

    /**
     * @param keptIndex the last index the machine's kept state holds, or 0: snapshots and entries up to
     *                  it are skipped
     * @param onStopped runs when the group stops on an error (JRaft's error state), to start it again
     */
    GroupStateMachine(RaftStateMachine machine, long keptIndex, Runnable onStopped) {
        this.machine = machine;
        this.keptIndex = keptIndex;
        this.appliedIndex = keptIndex;
        this.onStopped = onStopped;
    }

    /** A future for the result of the entry with this id, completed when this node applies it. */
    CompletableFuture<Object> expect(UUID id) {
        CompletableFuture<Object> result = new CompletableFuture<>();
        waiting.put(id, result);
        result.whenComplete((value, error) -> waiting.remove(id));
        return result;
    }

    /**
     * Applies the entries in log order, up to {@link #IN_FLIGHT} at once: each is handed to the
     * machine as soon as the one before it was, and their results are handed on, in order, once
     * the last of them is applied. A machine that writes to a database thereby commits a batch of
     * entries together: waiting for each entry's commit before handing over the next held an
     * embedded-storage cluster to one disk sync per config publish (bench/cluster-side-by-side.sh).
     * <p>
     * An entry that fails for a reason of this node's own (its disk full, its database gone) is not
     * skipped, which would leave this node without it for good (found by the fault tests: a
     * follower whose disk filled missed every config written meanwhile): the group stops before it,
     * and {@code onStopped} starts it again, which replays the log from the last snapshot once the
     * store works.
     */
    @Override
    public void onApply(Iterator entries) {
        List<Applying> applying = new ArrayList<>();
        while (entries.hasNext()) {
            applying.add(new Applying(entries.getIndex(), entries.done(),
                    applyEntry(entries.getData(), entries.done(), entries.getIndex())));
            // Finished while the iterator still stands on the last entry: see rollBack.
            if (applying.size() == IN_FLIGHT && !finish(applying, entries, true)) {
                return;
            }
            entries.next();
        }
        finish(applying, entries, false);
    }

    /** An entry handed to the machine: its index, its task's closure here, and its hand-over once applied. */
    private record Applying(long index, Closure done, CompletableFuture<Runnable> applied) {
    }

    /**
     * Waits for the entries being applied and hands their results on in order.
     *
     * @param onLastEntry whether the iterator still stands on the last of them (not moved past it)
     * @return false when one could not be applied here: the group stops before it
     */
    private boolean finish(List<Applying> applying, Iterator entries, boolean onLastEntry) {
        for (Applying entry : applying) {
            Runnable handOver;
            try {
                handOver = entry.applied().join();
            } catch (CompletionException e) {
                Throwable failure = e.getCause();
                LOG.error("[{}] entry {} could not be applied here ({}); the group stops and starts again when it can",
                        machine.group(), entry.index(), failure.getMessage(), failure.getCause());
                rollBack(entries, entry.index(), onLastEntry, new Status(RaftError.ESTATEMACHINE, failure.getMessage()));
                return false;
            }
            handOver.run();
            // Entries skipped as already in a kept state must not move it back.
            appliedIndex = Math.max(appliedIndex, entry.index());
            if (entry.done() != null) {
                entry.done().run(Status.OK());
            }
        }
        applying.clear();
        return true;
    }

    /**
     * Stops the group before the entry at {@code index}. JRaft counts the entries to roll back from
     * the one the iterator stands on, that one included, or from the one it moved past.
     */
    private static void rollBack(Iterator entries, long index, boolean onLastEntry, Status status) {
        long current = entries.getIndex();
        entries.setErrorAndRollback(onLastEntry ? current - index + 1 : current - index, status);
    }

    /**
     * Starts applying one committed entry. The future completes once it is applied, with what hands
     * its result to whoever waits for it here, or fails with {@link StoreUnavailable}. {@code done}
     * is the closure of the task this node appended, when it leads and wrote the entry itself.
     */
    protected CompletableFuture<Runnable> applyEntry(ByteBuffer data, Closure done, long index) {
        if (index <= keptIndex) {
            return CompletableFuture.completedFuture(() -> { });
        }
        RaftEntry entry = RaftEntry.decode(data);
        CompletableFuture<Object> result;
        try {
            result = machine.apply(entry.command());
        } catch (RuntimeException e) {
            result = CompletableFuture.failedFuture(e);
        }
        return result.handle((value, error) -> {
            Throwable failure = error instanceof CompletionException wrapped ? wrapped.getCause() : error;
            if (failure != null && StoreUnavailable.isCause(failure)) {
                throw new StoreUnavailable(failure);
            }
            return () -> handOver(entry.id(), index, value, failure);
        });
    }

    private void handOver(UUID id, long index, Object value, Throwable failure) {
        if (failure instanceof RuntimeException e && !(failure instanceof NacosException)) {
            logFailedApply(index, e);
        }
        CompletableFuture<Object> writer = waiting.get(id);
        if (writer == null) {
            return;
        }
        if (failure != null) {
            writer.completeExceptionally(failure);
        } else {
            writer.complete(value);
        }
    }

    protected void logFailedApply(long index, RuntimeException e) {
        LOG.error("[{}] entry {} failed to apply here; this node may now differ from its peers: restart it to "
                + "rebuild its state from the group", machine.group(), index, e);
    }

    @Override
    public void onSnapshotSave(SnapshotWriter writer, Closure done) {
        Path directory = Path.of(writer.getPath());
        try {
            machine.saveSnapshot(directory);
            for (String file : filesIn(directory)) {
                writer.addFile(file);
            }
            LOG.info("[{}] snapshot taken at index {}", machine.group(), appliedIndex);
            done.run(Status.OK());
        } catch (IOException | RuntimeException e) {
            LOG.error("[{}] snapshot failed", machine.group(), e);
            done.run(new Status(RaftError.EIO, "snapshot of %s failed: %s", machine.group(), e.getMessage()));
        }
    }

    private static List<String> filesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            // JRaft's own meta file is written after this and names itself.
            return files.filter(Files::isRegularFile).map(file -> file.getFileName().toString())
                    .filter(name -> !name.startsWith("__raft")).toList();
        }
    }

    @Override
    public boolean onSnapshotLoad(SnapshotReader reader) {
        try {
            long snapshotIndex = reader.load().getLastIncludedIndex();
            if (snapshotIndex <= keptIndex) {
                LOG.info("[{}] the state kept from the last clean stop holds up to index {}: its snapshot up to "
                        + "index {} is not loaded", machine.group(), keptIndex, snapshotIndex);
                return true;
            }
            machine.loadSnapshot(Path.of(reader.getPath()));
            appliedIndex = snapshotIndex;
            LOG.info("[{}] snapshot loaded up to index {}", machine.group(), appliedIndex);
            return true;
        } catch (IOException | RuntimeException e) {
            LOG.error("[{}] snapshot could not be loaded from {}", machine.group(), reader.getPath(), e);
            return false;
        }
    }

    @Override
    public void onLeaderStart(long term) {
        this.term = term;
        LOG.info("[{}] this node leads, term {}", machine.group(), term);
    }

    @Override
    public void onLeaderStop(Status status) {
        LOG.info("[{}] this node stopped leading: {}", machine.group(), status);
    }

    @Override
    public void onStartFollowing(LeaderChangeContext context) {
        this.term = context.getTerm();
        LOG.info("[{}] following {} in term {}", machine.group(), context.getLeaderId(), context.getTerm());
    }

    @Override
    public void onConfigurationCommitted(Configuration peers) {
        this.lastPeers = peers;
        LOG.info("[{}] peers now {}", machine.group(), peers);
    }

    /** This node's peers were reset, without the leader. */
    void peersReset(Configuration peers) {
        this.lastPeers = peers;
    }

    @Override
    public void onError(RaftException e) {
        LOG.error("[{}] the group stopped on an error; starting it again", machine.group(), e);
        onStopped.run();
    }

    /** The peers last committed or reset here; null before either. */
    Configuration lastPeers() {
        return lastPeers;
    }

    /** The group stopped without an error: the machine's state holds every entry up to the last applied. */
    void stoppedCleanly() {
        machine.stoppedCleanly(appliedIndex);
    }

    long term() {
        return term;
    }
}
