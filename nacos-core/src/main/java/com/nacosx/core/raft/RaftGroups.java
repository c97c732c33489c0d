package com.nacosx.core.raft;

import com.alibaba.nacos.consistency.entity.ReadRequest;
import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.conf.Configuration;
import com.alipay.sofa.jraft.entity.PeerId;
import com.alipay.sofa.jraft.rpc.RaftRpcServerFactory;
import com.alipay.sofa.jraft.rpc.RpcServer;
import com.alipay.sofa.jraft.util.RpcFactoryHelper;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.cluster.RaftPeerStartedRequest;
import com.nacosx.api.remote.cluster.RaftWriteRequest;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.MemberChangeListener;
import com.nacosx.core.cluster.MembersOnly;
import com.nacosx.core.cluster.NodeState;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.cluster.remote.PeerUnreachable;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.readiness.StartupStep;
import com.nacosx.core.util.DaemonThreads;
import com.nacosx.core.upgrade.UpgradeSettings;
import com.nacosx.core.util.Futures;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import com.google.protobuf.Message;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The CP side of a cluster: one Raft group per {@link RaftStateMachine} bean, all on one JRaft
 * server at port P-1000, with every member of the cluster but official 1.x ones as a peer. A write
 * is appended by the group's leader (a follower passes it on over the cluster port), and returns
 * once this node has applied it, so a read here right after a write sees it. Each group holds this
 * node's readiness closed until it has caught up with its leader. Standalone nodes run no groups.
 * A node upgrading from 1.x also runs the groups it shares with 1.4 nodes
 * ({@link LegacyRaftStateMachine}): every member is their peer, and writes and reads pass between
 * peers as 1.4 passes them ({@link #writeLegacy}).
 */
@Component
public class RaftGroups implements SmartLifecycle, MemberChangeListener {

    private static final Logger LOG = LoggerFactory.getLogger(RaftGroups.class);
    private static final long RETRY_MILLIS = 100;
    private static final long RESTART_DELAY_MILLIS = 5000;
    /**
     * How long a start's first catch-up check waits (each next one twice as long, up to 2 s), and
     * the pause between checks. A pending check is answered as soon as the group has applied what
     * it asked for; one that timed out is not, so a node could learn up to a pause late that it
     * had caught up: 0.5 s before, 0.1 s now. The growing wait lets a node whose group keeps
     * applying behind a busy leader still see itself caught up.
     */
    private static final long FIRST_CATCH_UP_TIMEOUT_MILLIS = 250;
    private static final long LAST_CATCH_UP_TIMEOUT_MILLIS = 2000;
    private static final long CATCH_UP_CHECK_MILLIS = 100;
    private static final long METADATA_REFRESH_MILLIS = 1000;
    private static final long FIRST_REPORTS_BOUND_SECONDS = 15;
    private static final long PEER_RECONCILE_SECONDS = 5;
    private static final Duration STARTED_NOTICE_TIMEOUT = Duration.ofSeconds(3);

    private final RaftSettings settings;
    private final DiskSpace disk;
    private final Set<String> waitingForRoom = ConcurrentHashMap.newKeySet();
    private final ClusterSettings cluster;
    private final ServerMemberManager members;
    private final PeerClients peers;
    private final ServerReadiness readiness;
    private final List<RaftStateMachine> machines;
    private final MeterRegistry metrics;
    private final Map<String, RaftGroup> groups = new ConcurrentHashMap<>();
    private final Map<String, LegacyRaftStateMachine> legacyMachines = new ConcurrentHashMap<>();
    /** Made only where groups are shared with 1.4 nodes: building its client loads JRaft's RPC (~50 ms of a start). */
    private volatile LegacyRaftRpc legacyRpc;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("raft-timer"));
    private RpcServer server;
    private volatile boolean running;

    public RaftGroups(RaftSettings settings, ClusterSettings cluster, UpgradeSettings upgrade,
            ServerMemberManager members, PeerClients peers, ServerReadiness readiness, List<RaftStateMachine> machines,
            MeterRegistry metrics) {
        this.metrics = metrics;
        this.settings = settings;
        this.disk = new DiskSpace(settings.dataDir());
        this.cluster = cluster;
        this.members = members;
        this.peers = peers;
        this.readiness = readiness;
        // Groups shared with 1.4 nodes start last: a group of ours forgets what its module holds
        // before replaying, and what a shared group replays into the same module must stay.
        this.machines = cluster.standalone() ? List.of() : machines.stream().filter(RaftStateMachine::replicated)
                .filter(machine -> !isLegacy(machine) || upgrade.supportFrom1x())
                .sorted(Comparator.comparing(RaftGroups::isLegacy)).toList();
        // A group shared with 1.4 nodes may lack a majority while they are replaced: it does not
        // hold this node's readiness.
        this.machines.stream().filter(machine -> !isLegacy(machine))
                .forEach(machine -> readiness.close(gate(machine.group())));
        if (!this.machines.isEmpty()) {
            RaftLogStoreOptions.registerInBackground();
        }
    }

    private static boolean isLegacy(RaftStateMachine machine) {
        return machine instanceof LegacyRaftStateMachine;
    }

    /** Whether writes of {@code group} go through Raft here (a cluster node with that group). */
    public boolean replicates(String group) {
        return machines.stream().anyMatch(machine -> machine.group().equals(group));
    }

    /** Whether this node leads the group now; false when the group is not running here. */
    public boolean isLeader(String groupName) {
        RaftGroup group = groups.get(groupName);
        return group != null && group.isLeader();
    }

    @Override
    public void start() {
        running = true;
        if (machines.isEmpty()) {
            return;
        }
        StartupStep.timed("waiting for RocksDB to load", RaftLogStoreOptions::awaitRegistered);
        int port = cluster.selfPort() - RaftSettings.PORT_OFFSET;
        StartupStep.timed("opening the Raft port", () -> openPort(port));
        PeerId self = new PeerId(cluster.selfIp(), port);
        List<Member> known = StartupStep.timed("hearing from the other members", this::membersOnceKnown);
        for (RaftStateMachine machine : machines) {
            Configuration initialPeers = peersOf(known, isLegacy(machine), member -> true);
            RaftGroup group = StartupStep.timed("starting Raft group " + machine.group() + " on its log and snapshot",
                    () -> startGroup(machine, self, initialPeers));
            RaftMetrics.bind(metrics, machine.group(), () -> groups.get(machine.group()));
            LOG.info("[{}] started as {} with peers {}", machine.group(), self, initialPeers);
            if (machine instanceof LegacyRaftStateMachine legacy) {
                legacyMachines.put(machine.group(), legacy);
            } else {
                awaitCaughtUp(group, FIRST_CATCH_UP_TIMEOUT_MILLIS);
            }
        }
        timer.scheduleWithFixedDelay(this::publishMetadata, METADATA_REFRESH_MILLIS, METADATA_REFRESH_MILLIS,
                TimeUnit.MILLISECONDS);
        // A peer change can fail (a new node not caught up yet, another change under way); the
        // leader tries again until the groups hold our members, event or no event.
        timer.scheduleWithFixedDelay(() -> membersChanged(members.all()), PEER_RECONCILE_SECONDS,
                PEER_RECONCILE_SECONDS, TimeUnit.SECONDS);
    }

    private void openPort(int port) {
        RaftTransport transport = (RaftTransport) RpcFactoryHelper.rpcFactory();
        boolean sharedWithLegacy = machines.stream().anyMatch(RaftGroups::isLegacy);
        if (sharedWithLegacy) {
            LegacyRaftRpc.registerMessages(transport);
        }
        server = transport.serverOn(settings.bindAddress(), port, new MembersOnly(members));
        RaftRpcServerFactory.addRaftRequestProcessors(server);
        if (sharedWithLegacy) {
            LegacyRaftRpc.serve(server, this);
            legacyRpc = new LegacyRaftRpc();
            legacyRpc.start();
        }
        if (!server.init(null)) {
            throw new IllegalStateException("cannot open the Raft port " + port
                    + " (HTTP port - 1000); free it or choose another server.port");
        }
    }

    /**
     * Shows each group's leader, term and peers in this node's member metadata, as the official
     * server does ({@code extendInfo.raftMetaData.metaDataMap.<group>}), for the console and peers.
     */
    private void publishMetadata() {
        Map<String, Object> byGroup = new TreeMap<>();
        List<RaftGroupStatus> groupStatus;
        try {
            groupStatus = status();
        } catch (RuntimeException stopping) {
            // A group being shut down cannot describe itself; the next refresh will do.
            return;
        }
        for (RaftGroupStatus group : groupStatus) {
            Map<String, Object> item = new LinkedHashMap<>();
            if (group.leader() != null) {
                item.put("leader", group.leader());
            }
            item.put("term", group.term());
            item.put("raftGroupMember", group.peers());
            byGroup.put(group.group(), item);
        }
        members.describeSelf("raftMetaData", Map.of("metaDataMap", byGroup));
    }

    private void awaitCaughtUp(RaftGroup group, long timeoutMillis) {
        group.checkCaughtUp(caughtUp -> {
            if (caughtUp) {
                readiness.open(gate(group.name()));
                LOG.info("[{}] caught up with the leader {}", group.name(), group.leader());
            } else if (running) {
                long next = Math.min(timeoutMillis * 2, LAST_CATCH_UP_TIMEOUT_MILLIS);
                timer.schedule(() -> awaitCaughtUp(group, next), CATCH_UP_CHECK_MILLIS, TimeUnit.MILLISECONDS);
            }
        }, timeoutMillis);
    }

    private static String gate(String group) {
        return "raft-" + group;
    }

    /**
     * Replicates {@code command} through the group and returns what this node's state machine
     * made of it.
     *
     * @throws NacosException 503 when no leader committed it within the write timeout; 504 when
     *         it may or may not have been committed; 500 when this node's disk has no room for it
     * @throws RuntimeException what the state machine threw for this command
     */
    public Object write(String groupName, byte[] command) {
        return Futures.join(writeAsync(groupName, command));
    }

    /**
     * The same without waiting: the future completes on the thread that applied the entry here,
     * or fails with what {@link #write} throws. Entries passed to the group from one thread are
     * committed in that order while its leader stays the same (a write retried after a failure
     * goes after the others).
     * <p>
     * A write is passed on again only while every attempt was refused before the leader's log (no
     * leader, not the leader, arrived too late). Once an attempt may have reached a log (no answer,
     * or a failure after it was appended), it is never sent again, which could commit it twice,
     * after writes made since: this node waits to apply it, and answers 504 (the write may or may
     * not have been applied) if it does not in time, not a refusal that a later commit would belie
     * (found by the fault tests under a flapping link: a CAS publish refused, then applied).
     */
    public CompletableFuture<Object> writeAsync(String groupName, byte[] command) {
        RaftGroup group;
        try {
            disk.require();
            group = group(groupName);
        } catch (NacosException e) {
            return CompletableFuture.failedFuture(e);
        }
        RaftEntry entry = RaftEntry.of(command);
        CompletableFuture<Object> applied = group.expect(entry.id());
        Duration timeout = settings.writeTimeout();
        PassedOn write = new PassedOn(group, entry.encode(), System.nanoTime() + timeout.toNanos());
        replicate(write);
        write.committed.whenComplete((done, error) -> {
            if (error != null) {
                applied.completeExceptionally(error);
            } else {
                learnCommitSoon(write, applied);
            }
        });
        // Applied here means committed, even when the leader's answer was lost.
        applied.whenComplete((value, error) -> write.committed.complete(null));
        return applied.orTimeout(timeout.toMillis() * 2, TimeUnit.MILLISECONDS).exceptionally(error -> {
            Throwable cause = Futures.causeOf(error);
            if (cause instanceof TimeoutException) {
                throw write.committed.isDone() ? outcomeUnknown(groupName, "it was committed, and this node has not "
                        + "applied it yet") : outcomeUnknown(groupName, write.unanswered);
            }
            throw cause instanceof RuntimeException failure ? failure : new CompletionException(cause);
        });
    }

    /** A write on its way to the group's leader: the entry, until when to try, and what came of it. */
    private static final class PassedOn {
        final RaftGroup group;
        final byte[] entry;
        final long deadline;
        final CompletableFuture<Void> committed = new CompletableFuture<>();
        /** Why an attempt may have reached a log without this node being told; null while none may have. */
        volatile String unanswered;

        PassedOn(RaftGroup group, byte[] entry, long deadline) {
            this.group = group;
            this.entry = entry;
            this.deadline = deadline;
        }
    }

    private void replicate(PassedOn write) {
        RaftGroup group = write.group;
        if (group.isLeader()) {
            group.commit(write.entry).whenComplete((done, error) -> {
                if (error == null) {
                    write.committed.complete(null);
                } else if (RaftGroup.refusedBeforeLog(error)) {
                    retry(write, error.getMessage());
                } else {
                    mayHaveLanded(write, error.getMessage());
                }
            });
            return;
        }
        PeerId leader = group.leader();
        Member leaderMember = leader == null ? null : memberAt(leader);
        if (leaderMember == null) {
            retry(write, "no leader is elected");
            return;
        }
        RaftWriteRequest request = new RaftWriteRequest();
        request.group = group.name();
        request.entry = write.entry;
        Duration remaining = Duration.ofNanos(Math.max(write.deadline - System.nanoTime(), 0));
        request.validUntil = System.currentTimeMillis() + remaining.toMillis();
        peers.request(leaderMember, request, remaining).whenComplete((response, error) -> {
            if (error != null && PeerUnreachable.isCause(error)) {
                retry(write, error.getMessage());
            } else if (error != null) {
                mayHaveLanded(write, "the leader " + leaderMember.address() + " did not answer: " + error);
            } else if (response.isSuccess()) {
                write.committed.complete(null);
            } else if (response.errorCode == NacosException.SERVICE_UNAVAILABLE) {
                retry(write, response.message);
            } else {
                mayHaveLanded(write, response.message);
            }
        });
    }

    /**
     * Makes a follower whose write the leader committed learn of the commit now. A follower learns
     * of it from the leader's next append or heartbeat, which may be half a second away when
     * writes are sparse ({@link RaftGroup#askForCommitNews}). A heartbeat can still miss the entry
     * (the leader had not yet heard that this node holds it), so this asks again until the entry is
     * applied here or the write's time is up.
     */
    private void learnCommitSoon(PassedOn write, CompletableFuture<?> applied) {
        if (applied.isDone() || write.group.isLeader() || !running || System.nanoTime() >= write.deadline) {
            return;
        }
        write.group.askForCommitNews();
        timer.schedule(() -> learnCommitSoon(write, applied), RaftGroup.COMMIT_NEWS_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** No more attempts: the last may be in a log, and this node waits to apply it until its deadline. */
    private static void mayHaveLanded(PassedOn write, String why) {
        LOG.warn("[{}] write may or may not be committed, waiting to apply it: {}", write.group.name(), why);
        write.unanswered = why;
    }

    private void retry(PassedOn write, String why) {
        if (write.committed.isDone()) {
            return;
        }
        if (!running || System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS) >= write.deadline) {
            LOG.warn("[{}] write not committed: {}", write.group.name(), why);
            write.committed.completeExceptionally(unavailable(write.group.name(), why));
            return;
        }
        timer.schedule(() -> {
            if (!write.committed.isDone()) {
                replicate(write);
            }
        }, RETRY_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * Writes through a group shared with 1.4 nodes, as they do: appended here when this node
     * leads, else passed on to the leader, 1.4 node or ours. Completes with the leader's answer.
     */
    CompletableFuture<Response> writeLegacy(WriteRequest write) {
        return passOnLegacy(write.getGroup(), write);
    }

    /**
     * Writes 1.x data through the group {@code groupName} shared with 1.4 nodes, for the module
     * that shares it; completes once this node has applied it too, so a read here sees it.
     *
     * @return the answer; failed with 503 when the group has no leader or does not answer in time
     */
    public CompletableFuture<Response> writeLegacy(String groupName, WriteRequest write) {
        return passOnLegacy(groupName, write.toBuilder().setGroup(groupName).build())
                .thenCompose(response -> caughtUpLegacy(groupName).thenApply(caughtUp -> response));
    }

    /**
     * Completes once this node has applied what the leader of the group shared with 1.4 nodes had
     * committed when asked (true), or could not tell (false: no leader, or it did not answer).
     */
    public CompletableFuture<Boolean> caughtUpLegacy(String groupName) {
        CompletableFuture<Boolean> caughtUp = new CompletableFuture<>();
        try {
            legacyGroup(groupName).checkCaughtUp(caughtUp::complete);
        } catch (NacosException e) {
            caughtUp.complete(false);
        }
        return caughtUp;
    }

    /**
     * Answers a 1.x read from this node once it has applied what the leader had committed, as a
     * 1.4 node does; from the leader when this node cannot tell.
     */
    CompletableFuture<Response> readLegacy(ReadRequest read) {
        LegacyRaftStateMachine machine = legacyMachines.get(read.getGroup());
        if (machine == null) {
            return CompletableFuture.failedFuture(unavailable(read.getGroup(), "no such group shared with 1.x here"));
        }
        CompletableFuture<Response> answer = new CompletableFuture<>();
        group(read.getGroup()).checkCaughtUp(caughtUp -> {
            if (caughtUp) {
                answer.complete(machine.read(read));
            } else {
                passOnLegacy(read.getGroup(), read).whenComplete((response, error) -> {
                    if (error != null) {
                        answer.completeExceptionally(error);
                    } else {
                        answer.complete(response);
                    }
                });
            }
        });
        return answer;
    }

    private CompletableFuture<Response> passOnLegacy(String groupName, Message request) {
        RaftGroup group;
        try {
            group = legacyGroup(groupName);
        } catch (NacosException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (group.isLeader()) {
            return commitAsLegacyLeader(group, legacyMachines.get(groupName), request);
        }
        PeerId leader = group.leader();
        if (leader == null) {
            return CompletableFuture.failedFuture(unavailable(groupName, "no leader is elected"));
        }
        return legacyRpc.send(leader, request, settings.writeTimeout()).exceptionallyCompose(error ->
                CompletableFuture.failedFuture(unavailable(groupName, "the leader " + leader + " did not take it: "
                        + Futures.causeOf(error).getMessage())));
    }

    private static CompletableFuture<Response> commitAsLegacyLeader(RaftGroup group, LegacyRaftStateMachine machine,
            Message request) {
        if (!(request instanceof WriteRequest write)) {
            return group.commitForResult(LegacyGroupStateMachine.entryOf(request)).thenApply(Response.class::cast);
        }
        Response refusal = machine.refuse(write);
        if (refusal != null) {
            return CompletableFuture.completedFuture(refusal);
        }
        return group.commitForResult(LegacyGroupStateMachine.entryOf(request)).thenApply(Response.class::cast)
                .whenComplete((response, error) -> machine.settled(write));
    }

    private RaftGroup legacyGroup(String name) {
        if (!legacyMachines.containsKey(name)) {
            throw new NacosException(NacosException.SERVICE_UNAVAILABLE, ErrorCode.SERVER_ERROR, "the Raft group "
                    + name + " shared with 1.x nodes runs only on a cluster node started with "
                    + "nacos.core.support.upgrade.from.1x=true");
        }
        return group(name);
    }

    /**
     * Appends an entry a follower passed on.
     *
     * @throws NacosException 503 at once when this node does not lead the group (the entry reached no log)
     */
    public CompletableFuture<Void> commitAsLeader(String groupName, byte[] entry) {
        try {
            disk.require();
        } catch (NacosException full) {
            throw unavailable(groupName, "the leader: " + full.getMessage());
        }
        RaftGroup group = group(groupName);
        if (!group.isLeader()) {
            throw unavailable(groupName, "this node does not lead it (leader: " + group.leader() + ")");
        }
        return group.commit(entry);
    }

    private static NacosException outcomeUnknown(String group, String why) {
        return new NacosException(NacosException.GATEWAY_TIMEOUT, ErrorCode.SERVER_ERROR, "the Raft group " + group
                + " may or may not have taken the write (" + why + "); read the data back before writing it again, "
                + "once a majority of the cluster is up (GET /nacos/v1/core/raft shows the groups)");
    }

    private static NacosException unavailable(String group, String why) {
        return new NacosException(NacosException.SERVICE_UNAVAILABLE, ErrorCode.SERVER_ERROR, "the Raft group "
                + group + " did not take the write (" + why + "); a majority of the cluster must be up: check "
                + "GET /nacos/v1/core/raft and the cluster members, then retry");
    }

    private RaftGroup group(String name) {
        RaftGroup group = groups.get(name);
        if (group == null) {
            throw new NacosException(NacosException.SERVICE_UNAVAILABLE, ErrorCode.SERVER_ERROR,
                    "the Raft group " + name + " is not running on this node; wait until the node is ready");
        }
        return group;
    }

    private Member memberAt(PeerId peer) {
        for (Member member : members.all()) {
            if (member.ip().equals(peer.getIp()) && raftPortOf(member) == peer.getPort()) {
                return member;
            }
        }
        return null;
    }

    private static int raftPortOf(Member member) {
        Object reported = member.extendInfo().get("raftPort");
        return reported == null ? member.port() - RaftSettings.PORT_OFFSET : Integer.parseInt(reported.toString());
    }

    /**
     * The members once the first report to each has been answered or has failed (bounded): an
     * official 1.x member answering then is left out of the first peers, so a node of ours among
     * a 1.x majority still has a majority of its own group.
     */
    private List<Member> membersOnceKnown() {
        try {
            members.firstReports().get(FIRST_REPORTS_BOUND_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            LOG.info("[raft] not every member answered or failed its first report in {} s; starting with what is known",
                    FIRST_REPORTS_BOUND_SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return members.all();
    }

    /**
     * The members {@code admitted}; official 1.x ones only for a group shared with them, as they run
     * no group of ours.
     */
    private static Configuration peersOf(List<Member> members, boolean withLegacy, Predicate<Member> admitted) {
        Configuration peers = new Configuration();
        for (Member member : members) {
            if ((withLegacy || !member.isLegacy()) && admitted.test(member)) {
                peers.addPeer(peerOf(member));
            }
        }
        return peers;
    }

    private static PeerId peerOf(Member member) {
        return new PeerId(member.ip(), raftPortOf(member));
    }

    /**
     * Keeps each group's peers equal to our members; only a group's leader may change them. A
     * member that is DOWN and not yet a peer waits until it answers: it could not catch up.
     */
    @Override
    public void membersChanged(List<Member> current) {
        for (RaftGroup group : groups.values()) {
            if (!group.isLeader()) {
                dropLegacyPeersWithoutLeader(group, current);
                continue;
            }
            Set<PeerId> peers = Set.copyOf(group.peers().getPeers());
            Configuration wanted = peersOf(current, legacyMachines.containsKey(group.name()),
                    member -> member.state() != NodeState.DOWN || peers.contains(peerOf(member)));
            if (!Set.copyOf(wanted.getPeers()).equals(peers)) {
                LOG.info("[{}] changing peers from {} to {}", group.name(), group.peers(), wanted);
                group.changePeers(wanted, status -> LOG.info("[{}] peer change to {}: {}", group.name(), wanted,
                        status));
            }
        }
    }

    /**
     * A node of ours that started before official 1.x members answered took them for peers of its
     * own groups, which they never run: without a leader, every node of ours drops them from its
     * own configuration (they never voted, so nothing committed counted on them, and every node of
     * ours computes the same peers). A group shared with 1.x keeps them.
     */
    private void dropLegacyPeersWithoutLeader(RaftGroup group, List<Member> current) {
        if (legacyMachines.containsKey(group.name()) || group.leader() != null) {
            return;
        }
        Set<PeerId> legacy = current.stream().filter(Member::isLegacy).map(RaftGroups::peerOf)
                .collect(Collectors.toSet());
        Configuration peers = group.peers();
        if (peers.getPeers().stream().noneMatch(legacy::contains)) {
            return;
        }
        Configuration ours = new Configuration();
        peers.getPeers().stream().filter(peer -> !legacy.contains(peer)).forEach(ours::addPeer);
        LOG.info("[{}] no leader, and {} are official 1.x members, which run no group of ours: peers reset to {}",
                group.name(), legacy, ours);
        group.resetPeers(ours);
    }

    public List<RaftGroupStatus> status() {
        return groups.values().stream().map(RaftGroup::describe).toList();
    }

    /** Takes a snapshot of the group now (the log up to it can then be dropped). */
    public CompletableFuture<Status> snapshot(String groupName) {
        CompletableFuture<Status> done = new CompletableFuture<>();
        group(groupName).snapshot(done::complete);
        return done;
    }

    /** Asks this node, the leader, to hand the group over to {@code peer} ({@code ip:raftPort}). */
    public Status transferLeader(String groupName, String peer) {
        PeerId target = peerAt(peer);
        if (target == null) {
            throw NacosException.badRequest("'" + peer + "' is not a Raft peer; give it as ip:raftPort");
        }
        return group(groupName).transferLeadershipTo(target);
    }

    /**
     * The Raft peer {@code text} names ({@code ip:raftPort}), or null when it names none: JRaft's own
     * parser throws on some malformed hosts (an unclosed IPv6 bracket) instead of saying no.
     */
    static PeerId peerAt(String text) {
        if (text == null) {
            return null;
        }
        try {
            return PeerId.parsePeer(text);
        } catch (IllegalArgumentException malformed) {
            return null;
        }
    }

    private RaftGroup startGroup(RaftStateMachine machine, PeerId self, Configuration peers) {
        RaftGroup group = RaftGroup.start(machine, self, peers, settings, server, () -> restartLater(machine, self));
        groups.put(machine.group(), group);
        if (!isLegacy(machine)) {
            announceStarted(group.name(), self);
        }
        return group;
    }

    /**
     * Tells the other members that this node has started the group. Its leader backs off from a
     * follower that was down and tries it again only every half a second, on a connection gRPC may
     * still be backing off from; this node is not ready until it has heard from the leader, so a
     * restart would wait for that retry. A member of an older build, which does not know the
     * notice, refuses it, and the leader's retry comes as before.
     */
    private void announceStarted(String groupName, PeerId self) {
        RaftPeerStartedRequest notice = new RaftPeerStartedRequest();
        notice.group = groupName;
        notice.peer = self.toString();
        for (Member member : members.grpcPeers()) {
            peers.request(member, notice, STARTED_NOTICE_TIMEOUT).whenComplete((answer, error) -> {
                if (error != null || !answer.isSuccess()) {
                    LOG.debug("[{}] {} did not take the notice that this node started: {}", groupName,
                            member.address(), error != null ? error.toString() : answer.message);
                }
            });
        }
    }

    /**
     * A peer has just started the group ({@link #announceStarted}): as its leader, this node connects
     * to it anew if its last call to it failed, and sends it heartbeats now.
     */
    public void peerStarted(String groupName, PeerId peer) {
        RaftGroup group = groups.get(groupName);
        if (group != null && group.isLeader() && group.peers().contains(peer)) {
            ((RaftTransport) RpcFactoryHelper.rpcFactory()).peerStarted(peer.getEndpoint());
            group.heartbeatNow();
            LOG.info("[{}] {} has started the group: heartbeats sent to it now", groupName, peer);
        }
    }

    /**
     * A group that stopped on an error (an entry this node could not apply, a log write that
     * failed: a full disk) starts again from its snapshot and log, as a restarted node's would,
     * once it can: tried every {@link #RESTART_DELAY_MILLIS} until it starts.
     */
    private void restartLater(RaftStateMachine machine, PeerId self) {
        if (running) {
            timer.schedule(() -> restart(machine, self), RESTART_DELAY_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Not while the disk is still full: starting again empties the store before the log is replayed
     * into it ({@link RaftStateMachine#reset}), and a replay that fails part way left the node serving
     * an empty store for as long as the disk stayed full (found by the fault tests' long disk-full
     * run). Until there is room, the stopped group's store serves what it had applied.
     */
    private void restart(RaftStateMachine machine, PeerId self) {
        if (!disk.hasRoom()) {
            if (waitingForRoom.add(machine.group())) {
                LOG.warn("[{}] waits for free space on the data disk before it starts again; until then this node "
                        + "serves what it had applied", machine.group());
            }
            restartLater(machine, self);
            return;
        }
        waitingForRoom.remove(machine.group());
        RaftGroup stopped = groups.get(machine.group());
        try {
            Configuration peers = stopped.peers();
            stopped.shutdownAndWait();
            startGroup(machine, self, peers);
            LOG.info("[{}] started again after an error", machine.group());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.warn("[{}] could not start again ({}); trying again in {} ms", machine.group(), e.toString(),
                    RESTART_DELAY_MILLIS);
            restartLater(machine, self);
        }
    }

    @Override
    public void stop() {
        running = false;
        timer.shutdownNow();
        groups.values().forEach(RaftGroup::shutdown);
        awaitGroupsStopped();
        groups.clear();
        if (legacyRpc != null) {
            legacyRpc.shutdown();
        }
        if (server != null) {
            server.shutdown();
        }
    }

    /**
     * Before the stores close: a state machine keeps its state for the next start only once its
     * group has let go of it ({@link RaftStateMachine#stoppedCleanly}).
     */
    private void awaitGroupsStopped() {
        try {
            for (RaftGroup group : groups.values()) {
                group.awaitStopped();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("interrupted while the Raft groups stop; their states are rebuilt at the next start");
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
