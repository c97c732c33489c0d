package com.nacosx.core.raft;

import com.alipay.sofa.jraft.Closure;
import com.alipay.sofa.jraft.Node;
import com.alipay.sofa.jraft.RaftGroupService;
import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.closure.ReadIndexClosure;
import com.alipay.sofa.jraft.conf.Configuration;
import com.alipay.sofa.jraft.core.State;
import com.alipay.sofa.jraft.entity.PeerId;
import com.alipay.sofa.jraft.entity.Task;
import com.alipay.sofa.jraft.error.RaftError;
import com.alipay.sofa.jraft.option.NodeOptions;
import com.alipay.sofa.jraft.rpc.RpcServer;
import com.nacosx.core.util.Futures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One Raft group on this node: its JRaft node, its state machine, and what the status page shows. */
final class RaftGroup {

    private static final Logger LOG = LoggerFactory.getLogger(RaftGroup.class);
    /** A quarter of JRaft's default; a power of two, as the queues require. */
    private static final int DISRUPTOR_EVENTS = 4096;
    private static final int TIMER_THREADS = 2;
    /** JRaft's own default for a read-index. */
    private static final long READ_INDEX_TIMEOUT_MILLIS = 2000;
    /** How long an unanswered ask for commit news holds back the next ({@link #askForCommitNews}). */
    static final long COMMIT_NEWS_MILLIS = 50;
    private static final long NONE = Long.MIN_VALUE;

    private final String name;
    private final GroupStateMachine stateMachine;
    private final RaftGroupService service;
    private final Node node;
    private volatile boolean stoppingWithoutError;
    /** When this node's unanswered ask for news of the leader's commits was made (System.nanoTime), or NONE. */
    private final AtomicLong commitNewsAskedAt = new AtomicLong(NONE);

    private RaftGroup(String name, GroupStateMachine stateMachine, RaftGroupService service, Node node) {
        this.name = name;
        this.stateMachine = stateMachine;
        this.service = service;
        this.node = node;
    }

    /**
     * Starts the group's node on the shared Raft server; it replays its snapshot and log into the
     * state machine, then follows or leads.
     */
    static RaftGroup start(RaftStateMachine machine, PeerId self, Configuration peers, RaftSettings settings,
            RpcServer server, Runnable onStopped) {
        Path dir = settings.groupDir(machine.group());
        NodeOptions options = new NodeOptions();
        options.setInitialConf(peers);
        options.setElectionTimeoutMs(settings.electionTimeoutMs());
        // Heartbeats at JRaft's own pace, a tenth of the election timeout (500 ms): at rest they
        // were most of an idle cluster's CPU when sent every 100 ms. A follower that passed a
        // write on does not wait for the next one to learn of its commit (RaftGroups.writeAsync).
        options.setSnapshotIntervalSecs(settings.snapshotIntervalSecs());
        // Each group's own election, vote, step-down and snapshot timers are hashed wheels that
        // tick every millisecond on a thread apiece: at rest that was a tenth of a busy cluster's
        // CPU in context switches. The shared timers are scheduled pools, as the official server uses.
        options.setSharedElectionTimer(true);
        options.setSharedVoteTimer(true);
        options.setSharedStepDownTimer(true);
        options.setSharedSnapshotTimer(true);
        // The group's scheduler runs its replicators' heartbeat and retry timers, each a moment's
        // work: JRaft's three threads a core (20 on a large machine) were idle threads a group.
        options.setTimerPoolSize(TIMER_THREADS);
        // JRaft's four queues of a group (tasks, log appends, applies, read-indexes) each hold
        // 16,384 events made up front: 2.3 MB a group, 4.7 MB of a node's 44 MB of live heap at
        // rest. A quarter of that still holds far more writes than the clients keep in flight; a
        // full queue refuses a task (EBUSY) before it reaches the log, and the write is tried again.
        options.getRaftOptions().setDisruptorBufferSize(DISRUPTOR_EVENTS);
        options.setLogUri(directory(dir.resolve("log")));
        options.setRaftMetaUri(directory(dir.resolve("meta")));
        options.setSnapshotUri(directory(dir.resolve("snapshot")));
        long kept = machine.claimKeptState();
        if (kept == 0) {
            machine.reset();
        }
        GroupStateMachine stateMachine = machine instanceof LegacyRaftStateMachine legacy
                ? new LegacyGroupStateMachine(legacy, onStopped) : new GroupStateMachine(machine, kept, onStopped);
        options.setFsm(stateMachine);
        RaftGroupService service = new RaftGroupService(machine.group(), self, options, server, true);
        Node node = service.start(false);
        return new RaftGroup(machine.group(), stateMachine, service, node);
    }

    private static String directory(Path path) {
        try {
            return Files.createDirectories(path).toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the Raft directory " + path
                    + "; check the permissions of the data directory", e);
        }
    }

    String name() {
        return name;
    }

    boolean isLeader() {
        return node.isLeader();
    }

    /** The leader this node knows of, or null during an election. */
    PeerId leader() {
        PeerId leader = node.getLeaderId();
        return leader == null || leader.isEmpty() ? null : leader;
    }

    CompletableFuture<Object> expect(UUID id) {
        return stateMachine.expect(id);
    }

    /** Appends an entry as the leader; completes once it is committed and applied here. */
    CompletableFuture<Void> commit(byte[] entry) {
        CompletableFuture<Void> committed = new CompletableFuture<>();
        Task task = new Task();
        task.setData(ByteBuffer.wrap(entry));
        task.setDone(status -> {
            if (status.isOk()) {
                committed.complete(null);
            } else {
                committed.completeExceptionally(new CommitFailed(status));
            }
        });
        node.apply(task);
        return committed;
    }

    /** Why JRaft did not commit an entry given to {@link #commit}. */
    static final class CommitFailed extends IllegalStateException {

        private final boolean beforeLog;

        CommitFailed(Status status) {
            super(status.getErrorMsg());
            // JRaft refuses a task on a node that does not lead ("Is not leader.") or whose queue is
            // full (EBUSY) before appending it; a leader that steps down fails the entries it had
            // appended with EPERM too ("Leader stepped down"), which may commit under the next leader.
            String message = String.valueOf(status.getErrorMsg());
            this.beforeLog = status.getRaftError() == RaftError.EBUSY
                    || status.getRaftError() == RaftError.EPERM && message.startsWith("Is not leader");
        }
    }

    /** Whether a failure of {@link #commit} came before the entry reached the log: it may be tried again. */
    static boolean refusedBeforeLog(Throwable error) {
        return Futures.causeOf(error) instanceof CommitFailed failed && failed.beforeLog;
    }

    /**
     * Appends an entry as the leader; completes, once it is committed and applied here, with what
     * the state machine answered for it (groups shared with 1.4 nodes, whose entries carry no id).
     */
    CompletableFuture<Object> commitForResult(byte[] entry) {
        ResultClosure closure = new ResultClosure();
        Task task = new Task();
        task.setData(ByteBuffer.wrap(entry));
        task.setDone(closure);
        node.apply(task);
        return closure.answered;
    }

    /** A task's closure that carries the state machine's answer to the entry it appended. */
    static final class ResultClosure implements Closure {

        private final CompletableFuture<Object> answered = new CompletableFuture<>();
        private volatile Object result;

        void result(Object result) {
            this.result = result;
        }

        @Override
        public void run(Status status) {
            if (status.isOk()) {
                answered.complete(result);
            } else {
                answered.completeExceptionally(new IllegalStateException(status.getErrorMsg()));
            }
        }
    }

    /**
     * Tells {@code caughtUp}, once, whether this node has applied everything the leader had
     * committed when asked, within JRaft's read-index timeout (2 s).
     */
    void checkCaughtUp(Consumer<Boolean> caughtUp) {
        checkCaughtUp(caughtUp, READ_INDEX_TIMEOUT_MILLIS);
    }

    /** The same, telling false once {@code timeoutMillis} have passed. */
    void checkCaughtUp(Consumer<Boolean> caughtUp, long timeoutMillis) {
        // JRaft may run a read-index closure twice (on its timeout, then on the late answer): a
        // second run must not start a second chain of checks, or the checks double at every round.
        AtomicBoolean answered = new AtomicBoolean();
        node.readIndex(new byte[0], new ReadIndexClosure(timeoutMillis) {
            @Override
            public void run(Status status, long index, byte[] context) {
                if (answered.compareAndSet(false, true)) {
                    caughtUp.accept(status.isOk());
                }
            }
        });
    }

    /**
     * Makes the leader send its heartbeats, and with them its commit index, now: a read-index is
     * confirmed by a round of them. While one ask is unanswered, a write waiting for the news is
     * told by the round that ask set off, so another is sent only once that ask is
     * {@link #COMMIT_NEWS_MILLIS} old: a follower under a load of writes does not send the leader a
     * read-index for each. The answer comes only once this node has applied the leader's commit
     * index, and a heartbeat can miss an entry (the leader had not yet heard that this node holds
     * it), so an old ask must not hold back a new one until the next heartbeat.
     */
    void askForCommitNews() {
        long now = System.nanoTime();
        long asked = commitNewsAskedAt.get();
        boolean due = asked == NONE || now - asked >= TimeUnit.MILLISECONDS.toNanos(COMMIT_NEWS_MILLIS);
        if (due && commitNewsAskedAt.compareAndSet(asked, now)) {
            checkCaughtUp(caughtUp -> commitNewsAskedAt.compareAndSet(now, NONE));
        }
    }

    /**
     * Sends this leader's heartbeats to every follower now rather than at the next beat: a
     * read-index on the leader is confirmed by a round of them.
     */
    void heartbeatNow() {
        checkCaughtUp(confirmed -> {
        });
    }

    /** Makes the leader use {@code peers}; only the leader can. */
    void changePeers(Configuration peers, Consumer<Status> done) {
        node.changePeers(peers, done::accept);
    }

    /** Sets this node's peers without the leader; only where no peer dropped ever voted. */
    void resetPeers(Configuration peers) {
        if (node.resetPeers(peers).isOk()) {
            stateMachine.peersReset(peers);
        }
    }

    void snapshot(Consumer<Status> done) {
        node.snapshot(done::accept);
    }

    Status transferLeadershipTo(PeerId peer) {
        return node.transferLeadershipTo(peer);
    }

    /**
     * The group's peers: the leader's own configuration where this node leads; elsewhere the one
     * committed or reset here last, or the initial one before any. JRaft tells the state machine
     * of a configuration a peer change commits, not of the one a new leader commits as it stands,
     * so after a reset only the leader's own view is current.
     */
    Configuration peers() {
        if (node.isLeader()) {
            try {
                return new Configuration(node.listPeers());
            } catch (IllegalStateException stoppedLeading) {
                LOG.debug("[{}] stopped leading while its peers were read", name);
            }
        }
        Configuration last = stateMachine.lastPeers();
        return last == null ? node.getOptions().getInitialConf() : last;
    }

    RaftGroupStatus describe() {
        PeerId leader = leader();
        String role = node.getNodeState().name().replace("STATE_", "");
        return new RaftGroupStatus(name, node.getNodeId().getPeerId().toString(),
                leader == null ? null : leader.toString(), stateMachine.term(), role,
                peers().listPeers().stream().map(PeerId::toString).toList(), node.getLastAppliedLogIndex(),
                node.getLastCommittedIndex(), node.getLastLogIndex());
    }

    /** Shuts the node down at the server's stop; {@link #awaitStopped} then waits for it. */
    void shutdown() {
        stoppingWithoutError = node.getNodeState() != State.STATE_ERROR;
        service.shutdown();
    }

    /**
     * Waits until the node shut down by {@link #shutdown} let go of its state machine, and tells the
     * machine what it applied when the group was not stopped by an error.
     */
    void awaitStopped() throws InterruptedException {
        service.join();
        if (stoppingWithoutError) {
            stateMachine.stoppedCleanly();
        }
    }

    /** Shuts the node down and waits until it has let go of its log and snapshot files. */
    void shutdownAndWait() throws InterruptedException {
        service.shutdown();
        service.join();
    }
}
