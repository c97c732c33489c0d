package com.nacosx.core.cluster;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.cluster.MemberInfo;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.util.Futures;
import com.nacosx.core.util.DaemonThreads;
import com.nacosx.core.util.Listeners;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * The members of the cluster and their states. The list is read from its lookup every 5 s (so
 * an edited cluster.conf takes effect); every 2 s this node reports itself to each peer, over the
 * cluster gRPC port or, to official 1.x nodes, over HTTP ({@link MemberReporter}): an answer
 * marks the peer UP, a failure SUSPICIOUS, more than {@code fail-access-cnt} failures in a row
 * (or a connection refused on both channels) DOWN. A peer's report marks it so here too.
 * <p>
 * An answer or a report carries the peer's own state: STARTING until it is ready, so that its
 * peers pass it no clients' requests while it loads (it reports again the moment it is ready), and
 * DOWN when it stops, so that they stop at once instead of after the reports that fail once it is
 * gone.
 * Official nodes always report UP. In standalone mode the only member is this node.
 */
@Component
public class ServerMemberManager implements SmartLifecycle, InitializingBean {

    private static final Logger LOG = LoggerFactory.getLogger(ServerMemberManager.class);
    /** How long a stopping node waits for its peers to hear that it stops. */
    private static final long STOPPING_NOTICE_MILLIS = 5000;
    /** The Nacos protocol level this node speaks; peers and 1.x upgrade checks read it. */
    public static final String PROTOCOL_VERSION = "2.5.1";
    /** How often this node reports itself to each peer (also once the moment it is ready), as 2.x does. */
    public static final long REPORT_PERIOD_MILLIS = 2000;

    private final ClusterSettings settings;
    private final PeerClients peers;
    private final MemberReporter reporter;
    private final Member self;
    private final Map<String, Member> members = new ConcurrentHashMap<>();
    private final Set<String> checking = ConcurrentHashMap.newKeySet();
    private final CompletableFuture<Void> firstReports = new CompletableFuture<>();
    private final Listeners<MemberChangeListener> listeners = new Listeners<>("a member change");
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("cluster-member"));
    private volatile boolean running;
    private volatile boolean reportedBeforeStart;
    private volatile MemberLookup lookup;

    public ServerMemberManager(ClusterSettings settings, PeerClients peers, LegacyPeerHttp legacyPeers,
            ServerReadiness readiness) {
        this.settings = settings;
        this.peers = peers;
        this.reporter = new MemberReporter(peers, legacyPeers);
        this.self = new Member(settings.selfIp(), settings.selfPort());
        self.declare(NodeState.STARTING);
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("version", PROTOCOL_VERSION);
        info.put("raftPort", String.valueOf(settings.selfPort() - 1000));
        info.put("supportGrpc", true);
        info.put("readyToUpgrade", true);
        self.describe(info);
        members.put(self.address(), self);
        if (!settings.standalone()) {
            lookup = settings.lookup();
            refreshMembers();
        }
        readiness.ready().thenRun(this::selfReady);
    }

    /**
     * Sends the first reports while the node builds the rest, once Spring has built this bean: the
     * Raft groups start once they are answered, which took 0.15-0.33 s of a restart on a loaded
     * host when they went out at start (bench/RESULTS.md). The node says it is STARTING, so no peer
     * passes it requests yet.
     */
    @Override
    public void afterPropertiesSet() {
        if (!settings.standalone()) {
            reportedBeforeStart = true;
            timer.execute(this::reportToPeers);
        }
    }

    /** Runs on the thread that opened readiness's last gate: the reports go out on the timer. */
    private void selfReady() {
        self.declare(NodeState.UP);
        if (running && !settings.standalone()) {
            LOG.info("[cluster] this node is ready: telling its peers");
            timer.execute(this::reportToPeers);
        }
    }

    public void addListener(MemberChangeListener listener) {
        listeners.enrol(listener);
    }

    public Member self() {
        return self;
    }

    /** Sets one entry of this node's metadata, reported to the peers from the next report on. */
    public synchronized void describeSelf(String key, Object value) {
        Map<String, Object> info = new LinkedHashMap<>(self.extendInfo());
        info.put(key, value);
        self.describe(info);
    }

    /** Every member, this node included, sorted by address. */
    public List<Member> all() {
        List<Member> all = new ArrayList<>(members.values());
        all.sort((a, b) -> a.address().compareTo(b.address()));
        return all;
    }

    /** Whether any member, this node included, passes {@code test}; copies and sorts nothing. */
    public boolean anyMember(Predicate<Member> test) {
        return members.values().stream().anyMatch(test);
    }

    /**
     * Whether this node is cut off from the cluster: three members or more, and it reaches no
     * majority of them, itself included, by their last reports (a peer counts while it answers, UP
     * or still STARTING). What a cut-off node holds may be stale, and what it does not hear from
     * its peers says nothing about their clients. In a cluster of two either side of a cut is half:
     * neither counts as cut off.
     */
    public boolean isCutOff() {
        long reached = members.values().stream().filter(member -> member == self || member.state() == NodeState.UP
                || member.state() == NodeState.STARTING).count();
        return members.size() >= 3 && reached * 2 <= members.size();
    }

    /** The other members, whatever their state. */
    public List<Member> peers() {
        return all().stream().filter(member -> member != self).toList();
    }

    /**
     * The other members that speak the 2.x cluster protocols over the cluster gRPC port, whatever
     * their state: official 1.x nodes left out.
     */
    public List<Member> grpcPeers() {
        return all().stream().filter(member -> member != self && !member.isLegacy()).toList();
    }

    /** A peer reported itself: it is alive, whatever we thought. */
    public MemberInfo reported(MemberInfo info) {
        Member member = members.get(info.ip + ':' + info.port);
        if (member != null && member != self) {
            Member.Seen before = member.seen();
            member.succeeded(info);
            if (member.state() != NodeState.DOWN) {
                peers.reconnect(member);
            }
            if (!before.equals(member.seen())) {
                LOG.info("[cluster] {} reported itself: {} (was {})", member.address(), member.seen(), before);
                changed();
            }
        }
        return self.toInfo();
    }

    /**
     * Reads the member list from now on from the lookup of this type ({@code file} or
     * {@code address-server}), at once and then every 5 s.
     *
     * @throws IllegalArgumentException for an unknown type
     * @throws NacosException on a standalone server
     */
    public void switchLookup(String type) {
        if (settings.standalone()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.ILLEGAL_STATE,
                    "a standalone server has no member list to look up; start it in cluster mode");
        }
        MemberLookup next = settings.lookup(type);
        lookup = next;
        LOG.info("[cluster] members are read from {} from now on", next.describe());
        timer.execute(this::refreshMembers);
    }

    private void refreshMembers() {
        MemberLookup lookup = this.lookup;
        List<String> addresses = lookup.read();
        if (addresses == null) {
            return;
        }
        Map<String, Member> wanted = new LinkedHashMap<>();
        for (String address : addresses) {
            try {
                Member member = Member.parse(address);
                wanted.put(member.address(), member);
            } catch (IllegalArgumentException e) {
                LOG.warn("[cluster] ignoring a bad entry in {}: {}", lookup.describe(), e.getMessage());
            }
        }
        wanted.remove(self.address());
        boolean changed = members.keySet().removeIf(address -> !address.equals(self.address())
                && !wanted.containsKey(address));
        for (Member member : wanted.values()) {
            changed |= members.putIfAbsent(member.address(), member) == null;
        }
        if (changed) {
            peers.retain(members.keySet());
            LOG.info("[cluster] members from {}: {}", lookup.describe(), all());
            changed();
        }
    }

    /**
     * Completes once this node's first report to each member has been answered or has failed: from
     * then on every reachable member is known as ours or as an official 1.x node.
     */
    public CompletableFuture<Void> firstReports() {
        return firstReports;
    }

    private void reportToPeers() {
        List<CompletableFuture<?>> reports = new ArrayList<>();
        for (Member peer : peers()) {
            reports.add(reportTo(peer));
        }
        if (!firstReports.isDone()) {
            CompletableFuture.allOf(reports.toArray(CompletableFuture[]::new))
                    .whenComplete((done, error) -> firstReports.complete(null));
        }
    }

    /**
     * Reports to a peer now, outside the 2 s round: a request passed on to it failed. A node that
     * was stopped refuses the report and is DOWN at once, so its share of the requests goes to the
     * others within milliseconds instead of up to two rounds later, while every request passed on
     * to it fails. One such report a peer at a time; a DOWN peer waits for the round.
     */
    public void checkNow(Member peer) {
        Member member = members.get(peer.address());
        if (member == null || member == self || member.seen().state() == NodeState.DOWN
                || !checking.add(member.address())) {
            return;
        }
        reportTo(member).whenComplete((done, error) -> checking.remove(member.address()));
    }

    private CompletableFuture<?> reportTo(Member peer) {
        Member.Seen before = peer.seen();
        return reporter.report(peer, self.toInfo()).whenComplete((info, error) -> {
            if (error == null) {
                peer.succeeded(info);
                peers.reconnect(peer);
                if (!before.equals(peer.seen())) {
                    LOG.info("[cluster] {} answers: {} (was {})", peer.address(), peer.seen(), before);
                    changed();
                }
                return;
            }
            MemberReporter.ReportFailed failure = Futures.causeOf(error) instanceof MemberReporter.ReportFailed f
                    ? f : new MemberReporter.ReportFailed(error, error);
            NodeState after = peer.failed(settings.maxFailAccessCnt(), failure.refused());
            if (before.state() != after) {
                LOG.warn("[cluster] {} did not answer ({}): {}", peer.address(), failure.getMessage(), after);
                changed();
            }
        });
    }

    private void changed() {
        List<Member> snapshot = all();
        listeners.tell(listener -> listener.membersChanged(snapshot));
    }

    @Override
    public void start() {
        running = true;
        if (settings.standalone()) {
            firstReports.complete(null);
            return;
        }
        LOG.info("[cluster] this node is {}; members from {}: {}", self.address(), lookup.describe(), all());
        timer.scheduleWithFixedDelay(this::refreshMembers, 5, 5, TimeUnit.SECONDS);
        timer.scheduleWithFixedDelay(this::reportToPeers, reportedBeforeStart ? REPORT_PERIOD_MILLIS : 0,
                REPORT_PERIOD_MILLIS, TimeUnit.MILLISECONDS);
        // The listeners enrolled once every bean was built, maybe after the first answers had
        // changed the members: they hear the members as they are now.
        timer.execute(this::changed);
    }

    @Override
    public void stop() {
        running = false;
        timer.shutdownNow();
        peers.close();
    }

    /**
     * The close event comes before anything stops: the peers hear it while this node still
     * serves what they pass it. Waits for their answers at most {@link #STOPPING_NOTICE_MILLIS}:
     * a peer that is gone hears nothing anyway.
     */
    @EventListener(ContextClosedEvent.class)
    public void tellPeersStopping() {
        if (!running || settings.standalone()) {
            return;
        }
        self.declare(NodeState.DOWN);
        MemberInfo stopping = self.toInfo();
        CompletableFuture<?>[] told = peers().stream().filter(peer -> peer.state() != NodeState.DOWN)
                .map(peer -> reporter.report(peer, stopping).exceptionally(failed -> null))
                .toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(told).get(STOPPING_NOTICE_MILLIS, TimeUnit.MILLISECONDS);
            LOG.info("[cluster] this node is stopping: its peers were told");
        } catch (TimeoutException | ExecutionException e) {
            LOG.warn("[cluster] this node is stopping: not every peer answered within {} ms", STOPPING_NOTICE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
