package com.nacosx.naming.store.legacy;

import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import com.google.protobuf.ByteString;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.env.NacosServerProperties;
import com.nacosx.core.http.Json;
import com.nacosx.core.raft.RaftGroups;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.core.util.BackgroundRounds;
import com.nacosx.core.util.Futures;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

/**
 * The old HTTP Raft of official 1.x nodes ({@code /v1/ns/raft}), which keeps persistent instances
 * while a member older than 1.4 is in the cluster (see {@link HttpRaftGate}); once a member speaks
 * it ({@link #inPlay}), every node of ours is a full member of it, with 1.x's rules and timing.
 * Each member counts down 15 to 20 s without a leader's beat, then asks every member for its vote
 * at a higher term; a majority of all members makes the leader. The leader beats every 5 s with
 * each key's timestamp, and a member pulls the keys whose timestamp is newer than its own and drops
 * those the beat no longer names. A write is passed on to the leader, which stamps the key's next
 * timestamp, applies it and sends it to every member, and answers once a majority took it (a
 * removal is sent without waiting, as 1.x does). What it applies goes to
 * {@link LegacyPersistentStore}, as the 1.4 group's does, and to disk. When the gate closes, one
 * node of ours writes what the old Raft held into the 1.4 group, which then holds it for every
 * member, and the old Raft's files are removed.
 */
@Component
public class HttpRaft extends BackgroundRounds {

    static final String PATH = "/v1/ns/raft";
    /** The query parameter of a write passed on to a leader of ours that names its basis's timestamp. */
    static final String BASED_ON = "basedOn";
    private static final Logger LOG = LoggerFactory.getLogger(HttpRaft.class);
    private static final long TICK_MS = 500;
    private static final long LEADER_TIMEOUT_MS = 15_000;
    private static final long LEADER_RANDOM_MS = 5_000;
    private static final long HEARTBEAT_MS = 5_000;
    private static final long TERM_STEP_PER_WRITE = 100;
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    /** Long enough for an election: the longest countdown and a round of votes. */
    private static final long LEADER_WAIT_MS = 30_000;
    private static final int PULL_BATCH = 50;
    private static final int CARRY_ATTEMPTS = 12;

    private final boolean enabled;
    private final RaftGroups raft;
    private final ServerMemberManager members;
    private final LegacyPeerHttp http;
    private final LegacyPersistentStore store;
    private final UpgradeJudgement upgrade;
    private final HttpRaftDatums datums;
    private final HttpRaftGate gate = new HttpRaftGate();

    // This member's own state, and how the others last answered; guarded by this.
    private long term;
    private String voteFor;
    private String state = HttpRaftPeer.FOLLOWER;
    private long leaderDueMs = ThreadLocalRandom.current().nextLong(LEADER_TIMEOUT_MS);
    private long heartbeatDueMs = ThreadLocalRandom.current().nextLong(HEARTBEAT_MS);
    private String leader;
    private final Map<String, HttpRaftPeer> others = new HashMap<>();
    /**
     * Whether this node has known a leader since it started. What it loaded from disk may be older
     * than what the members wrote while it was down (as on a 1.x node, it is served meanwhile), so
     * it is carried into the 1.4 group only once a leader's beat has corrected it, or this node led.
     */
    private boolean joined;
    private volatile boolean legacySpeaks;
    /** Whether the old Raft held the 1.x data at the last tick. */
    private boolean heldTheData;

    public HttpRaft(RaftGroups raft, ServerMemberManager members, LegacyPeerHttp http, LegacyPersistentStore store,
            UpgradeJudgement upgrade, NacosServerProperties server) {
        super("http-raft");
        this.enabled = raft.replicates(LegacyPersistentStore.GROUP);
        this.raft = raft;
        this.members = members;
        this.http = http;
        this.store = store;
        this.upgrade = upgrade;
        this.datums = new HttpRaftDatums(server.dataDir().resolve("naming").resolve("http-raft"));
        upgrade.onDoubleWriteOff(this::stopForGood);
        store.oldRaftInPlayWhile(this::holdsTheData);
    }

    @Override
    protected void scheduleRounds() {
        if (!enabled) {
            return;
        }
        Map<String, HttpRaftDatums.Stored> loaded = datums.load();
        synchronized (this) {
            term = datums.term();
        }
        LOG.info("[http-raft] {} datums loaded from disk, term {}; served once the old Raft is in play", loaded.size(),
                term);
        every(TICK_MS, TICK_MS, TimeUnit.MILLISECONDS, this::tick);
    }

    /**
     * Whether persistent 1.x data goes through the old HTTP Raft now: while the gate is open and
     * the members speak it (one reported a version older than 1.4, or a member sent this node a
     * vote, beat or write of the old Raft), so nodes of ours beside a member that is merely down
     * keep using the 1.4 group. Never once double write is off: the 1.x protocols are over then,
     * as a 2.0 node's old Raft stops with double write.
     */
    public boolean inPlay() {
        return upgrade.isDoubleWriteEnabled() && holdsTheData();
    }

    private boolean holdsTheData() {
        return enabled && gate.isOpen() && (legacySpeaks || HttpRaftGate.olderReported(members.all()));
    }

    /** Whether this node answers the old Raft's calls: while the gate is open, as a 1.x node does. */
    private void checkAnswers() {
        if (!enabled || !gate.isOpen() || !upgrade.isDoubleWriteEnabled()) {
            throw stoppedError();
        }
    }

    /**
     * A call of the old Raft from the member at {@code address} puts it in play here: a 1.x member
     * speaks it, or a node of ours that a 1.x member brought into it (a node of ours starts none).
     */
    private void heardFrom(String address) {
        if (!legacySpeaks && members.all().stream().anyMatch(member -> member.address().equals(address))) {
            legacySpeaks = true;
            LOG.info("[http-raft] the member {} speaks the old HTTP Raft: persistent 1.x data goes through it",
                    address);
        }
    }

    private String self() {
        return members.self().address();
    }

    private void tick() {
        if (!upgrade.isDoubleWriteEnabled()) {
            return;
        }
        if (gate.judge(self(), members.all())) {
            stopped();
        }
        boolean holds = holdsTheData();
        if (holds && !heldTheData) {
            // What this node kept on disk is served once the old Raft is in play again (as a 1.x
            // node serves its files), not when the 1.x members have moved on from it meanwhile.
            datums.all().forEach((key, stored) -> store.putFromOldRaft(key, stored.json()));
        }
        heldTheData = holds;
        if (!inPlay()) {
            return;
        }
        HttpRaftPeer candidate = null;
        HttpRaftWire.Beat beat = null;
        synchronized (this) {
            leaderDueMs -= TICK_MS;
            if (leaderDueMs <= 0) {
                resetLeaderDue();
                heartbeatDueMs = HEARTBEAT_MS;
                candidate = standForLeader();
            }
            heartbeatDueMs -= TICK_MS;
            if (heartbeatDueMs <= 0) {
                heartbeatDueMs = HEARTBEAT_MS;
                if (HttpRaftPeer.LEADER.equals(state)) {
                    resetLeaderDue();
                    beat = new HttpRaftWire.Beat(local(), keys());
                }
            }
        }
        if (candidate != null) {
            askForVotes(candidate);
        }
        if (beat != null) {
            sendBeat(beat);
        }
    }

    private void resetLeaderDue() {
        leaderDueMs = LEADER_TIMEOUT_MS + ThreadLocalRandom.current().nextLong(LEADER_RANDOM_MS);
    }

    private HttpRaftPeer local() {
        return new HttpRaftPeer(self(), voteFor, term, leaderDueMs, heartbeatDueMs, state);
    }

    private List<HttpRaftWire.BeatKey> keys() {
        List<HttpRaftWire.BeatKey> keys = new ArrayList<>();
        datums.all().forEach((key, stored) -> {
            String brief = HttpRaftWire.brief(key);
            if (brief != null) {
                keys.add(new HttpRaftWire.BeatKey(brief, stored.timestamp()));
            }
        });
        return keys;
    }

    private List<Member> otherMembers() {
        String self = self();
        return members.all().stream().filter(member -> !member.address().equals(self)).toList();
    }

    private int majority() {
        return members.all().size() / 2 + 1;
    }

    private HttpRaftPeer standForLeader() {
        LOG.info("[http-raft] leader timeout, start voting, leader: {}, term: {}", leader, term);
        leader = null;
        others.replaceAll((address, peer) -> peer.votingFor(null));
        term++;
        voteFor = self();
        state = HttpRaftPeer.CANDIDATE;
        return local();
    }

    /**
     * Asks every other member for its vote. The candidate goes in the query: a 1.4.8 node reads
     * {@code vote} only from there (its filters consume a form body first, so it answers 400 "Param
     * 'vote' is required" to the form 1.x itself sends), and every server reads it there.
     */
    private void askForVotes(HttpRaftPeer candidate) {
        String path = PATH + "/vote?vote=" + HttpRaftWire.encode(Json.text(candidate));
        for (Member member : otherMembers()) {
            http.send(member, "POST", path, Map.of(), null, CALL_TIMEOUT)
                    .whenComplete((answer, error) -> {
                        if (error == null && answer.statusCode() == 200) {
                            countVote(answer.body());
                        } else {
                            LOG.debug("[http-raft] no vote from {}: {}", member.address(), failure(answer, error));
                        }
                    });
        }
    }

    private synchronized void countVote(String answer) {
        HttpRaftPeer voter = readAnswer(answer);
        if (voter == null) {
            return;
        }
        others.put(voter.ip(), voter);
        Map<String, Integer> votes = new HashMap<>();
        if (voteFor != null) {
            votes.merge(voteFor, 1, Integer::sum);
        }
        others.values().forEach(peer -> {
            if (peer.voteFor() != null && !peer.voteFor().isEmpty()) {
                votes.merge(peer.voteFor(), 1, Integer::sum);
            }
        });
        votes.entrySet().stream().filter(entry -> entry.getValue() >= majority()).findFirst().ifPresent(won -> {
            if (!won.getKey().equals(leader)) {
                leader = won.getKey();
                LOG.info("[http-raft] {} has become the LEADER, term {}", leader, term);
            }
            if (leader.equals(self())) {
                state = HttpRaftPeer.LEADER;
                joined = true;
            }
        });
    }

    /** A member standing for leader asks for this member's vote; answered with this member as it is then. */
    synchronized HttpRaftPeer vote(HttpRaftPeer candidate) {
        checkAnswers();
        heardFrom(candidate.ip());
        if (members.all().stream().noneMatch(member -> member.address().equals(candidate.ip()))) {
            throw new IllegalArgumentException("can not find peer: " + candidate.ip()
                    + "; only members listed in cluster.conf vote");
        }
        if (candidate.term() <= term) {
            LOG.info("[http-raft] received illegitimate vote, voter-term: {}, votee-term: {}", candidate.term(), term);
            if (voteFor == null || voteFor.isEmpty()) {
                voteFor = self();
            }
            return local();
        }
        resetLeaderDue();
        state = HttpRaftPeer.FOLLOWER;
        voteFor = candidate.ip();
        term = candidate.term();
        datums.saveTerm(term);
        LOG.info("[http-raft] vote {} as leader, term: {}", candidate.ip(), term);
        return local();
    }

    private void sendBeat(HttpRaftWire.Beat beat) {
        byte[] body = HttpRaftWire.beatBody(beat);
        for (Member member : otherMembers()) {
            http.postJson(member, PATH + "/beat", body, CALL_TIMEOUT).whenComplete((answer, error) -> {
                HttpRaftPeer peer = error == null && answer.statusCode() == 200 ? readAnswer(answer.body()) : null;
                if (peer != null) {
                    synchronized (this) {
                        others.put(peer.ip(), peer);
                    }
                } else {
                    LOG.debug("[http-raft] beat to {} failed: {}", member.address(), failure(answer, error));
                }
            });
        }
    }

    /**
     * The leader's beat: it leads from now on (a beat at an older term is refused), this member
     * pulls the keys it is behind on and drops those the leader no longer holds.
     */
    HttpRaftPeer beat(HttpRaftWire.Beat beat) {
        HttpRaftPeer remote = beat.peer();
        HttpRaftPeer answer;
        synchronized (this) {
            checkAnswers();
            heardFrom(remote.ip());
            if (!HttpRaftPeer.LEADER.equals(remote.state())) {
                throw new IllegalArgumentException("invalid state from master, state: " + remote.state());
            }
            if (term > remote.term()) {
                throw new IllegalArgumentException("out of date beat, beat-from-term: " + remote.term()
                        + ", beat-to-term: " + term);
            }
            if (!HttpRaftPeer.FOLLOWER.equals(state)) {
                LOG.info("[http-raft] make remote as leader, remote peer: {}", remote.ip());
                state = HttpRaftPeer.FOLLOWER;
                voteFor = remote.ip();
            }
            resetLeaderDue();
            heartbeatDueMs = HEARTBEAT_MS;
            if (!remote.ip().equals(leader)) {
                leader = remote.ip();
                LOG.info("[http-raft] {} has become the LEADER, term {}", leader, remote.term());
            }
            others.put(remote.ip(), remote);
            joined = true;
            answer = local();
        }
        catchUp(remote, beat.datums());
        return answer;
    }

    private void catchUp(HttpRaftPeer leaderPeer, List<HttpRaftWire.BeatKey> leaderKeys) {
        Set<String> named = new HashSet<>();
        List<String> behind = new ArrayList<>();
        for (HttpRaftWire.BeatKey entry : leaderKeys) {
            String key = entry.key() == null ? null : HttpRaftWire.detail(entry.key());
            if (key == null) {
                continue;
            }
            named.add(key);
            if (datums.get(key) == null || datums.timestamp(key) < entry.timestamp()) {
                behind.add(key);
            }
        }
        synchronized (this) {
            for (String key : datums.all().keySet()) {
                if (!named.contains(key)) {
                    removeHere(key);
                    LOG.info("[http-raft] datum deleted, the leader no longer holds it, key: {}", key);
                }
            }
        }
        for (int from = 0; from < behind.size(); from += PULL_BATCH) {
            List<String> batch = behind.subList(from, Math.min(behind.size(), from + PULL_BATCH));
            LOG.info("[http-raft] get datums from leader: {}, batch size is {}", leaderPeer.ip(), batch.size());
            pull(leaderPeer, batch);
        }
    }

    /**
     * Completes once this node holds the leader's word on the key (pulled from the leader when
     * another member leads; true), or could not tell (false). The old Raft has no read index: without
     * this, a node could write a service's whole list (a health check's verdict, say) before the
     * leader's last change to that list had reached it, and undo that change.
     */
    public CompletableFuture<Boolean> caughtUp(String key) {
        HttpRaftPeer leaderPeer;
        synchronized (this) {
            if (leader == null || leader.equals(self())) {
                return CompletableFuture.completedFuture(leader != null);
            }
            leaderPeer = leaderAsKnown();
        }
        return pull(leaderPeer, List.of(key));
    }

    /** Pulls the keys from the leader and applies what is newer; completes with whether it could. */
    private CompletableFuture<Boolean> pull(HttpRaftPeer leaderPeer, List<String> keys) {
        return http.get(Member.parse(leaderPeer.ip()), PATH + "/datum?keys=" + HttpRaftWire.keysQuery(keys), Map.of(),
                CALL_TIMEOUT).handle((answer, error) -> {
                    if (error != null || answer.statusCode() != 200) {
                        LOG.warn("[http-raft] failed to sync datums from leader {}: {}", leaderPeer.ip(),
                                failure(answer, error));
                        return false;
                    }
                    List<HttpRaftWire.Datum> pulled;
                    try {
                        pulled = Json.read(answer.body(), new TypeReference<List<HttpRaftWire.Datum>>() { }, "datums");
                    } catch (IllegalArgumentException e) {
                        LOG.warn("[http-raft] the leader {} answered datums that cannot be read: {}", leaderPeer.ip(),
                                e.getMessage());
                        return false;
                    }
                    for (HttpRaftWire.Datum datum : pulled) {
                        if (datum != null && datum.key() != null) {
                            applyPulled(leaderPeer, datum);
                        }
                    }
                    return true;
                });
    }

    private synchronized void applyPulled(HttpRaftPeer leaderPeer, HttpRaftWire.Datum datum) {
        if (datum.timestamp() <= datums.timestamp(datum.key()) && datums.get(datum.key()) != null) {
            return;
        }
        try {
            putHere(datum.key(), datum.value(), datum.timestamp());
        } catch (IllegalArgumentException e) {
            LOG.error("[http-raft] the leader's datum {} cannot be read, skipped: {}", datum.key(), e.getMessage());
            return;
        }
        resetLeaderDue();
        followTerm(leaderPeer.term());
        LOG.info("[http-raft] data updated, key: {}, timestamp: {}, from {}, local term: {}", datum.key(),
                datum.timestamp(), leaderPeer.ip(), term);
    }

    /** The leader has written a datum; refused from a member that does not lead, or at an older term. */
    synchronized void committed(HttpRaftWire.Commit commit) {
        checkAnswers();
        heardFrom(commit.source().ip());
        HttpRaftWire.Datum datum = commit.datum();
        if (datum.value() == null || datum.value().isNull()) {
            throw new IllegalArgumentException("received empty datum");
        }
        checkFromLeader(commit.source());
        resetLeaderDue();
        putHere(datum.key(), datum.value(), datum.timestamp());
        followTerm(commit.source().term());
        LOG.info("[http-raft] data added/updated, key={}, term={}", datum.key(), term);
    }

    /** The leader has removed a key; refused as {@link #committed} is. */
    synchronized void removed(HttpRaftWire.Commit commit) {
        checkAnswers();
        heardFrom(commit.source().ip());
        checkFromLeader(commit.source());
        resetLeaderDue();
        removeHere(commit.datum().key());
        if (LegacyPersistentKeys.serviceMetaService(commit.datum().key()) != null) {
            followTerm(commit.source().term());
        }
        LOG.info("[http-raft] data removed, key={}, term={}", commit.datum().key(), term);
    }

    private void checkFromLeader(HttpRaftPeer source) {
        if (!source.ip().equals(leader)) {
            throw new IllegalStateException("peer(" + source.ip() + ") tried to publish data but wasn't leader; "
                    + "the leader here is " + leader);
        }
        if (source.term() < term) {
            throw new IllegalStateException("out of date publish, pub-term:" + source.term() + ", cur-term: " + term);
        }
    }

    /** 1.x's term rule after a write: take the leader's term when it is less than a step ahead, else step. */
    private void followTerm(long leaderTerm) {
        if (HttpRaftPeer.LEADER.equals(state) || term + TERM_STEP_PER_WRITE <= leaderTerm) {
            term += TERM_STEP_PER_WRITE;
        } else {
            term = leaderTerm;
            HttpRaftPeer known = others.get(leader);
            if (known != null) {
                others.put(leader, known.leadingAt(leaderTerm));
            }
        }
        datums.saveTerm(term);
    }

    private void putHere(String key, JsonNode value, long timestamp) {
        byte[] json = HttpRaftWire.datum(key, value, timestamp);
        LegacyPersistentStore.checkReadable(key, json);
        datums.put(key, timestamp, json);
        store.putFromOldRaft(key, json);
    }

    private void removeHere(String key) {
        datums.remove(key);
        store.removeFromOldRaft(key);
    }

    /** The datums held for the keys, null for a key not held, as the leader answers a member's pull. */
    List<JsonNode> datums(List<String> keys) {
        List<JsonNode> found = new ArrayList<>();
        for (String key : keys) {
            HttpRaftDatums.Stored stored = datums.get(key);
            found.add(stored == null ? null : Json.read(new String(stored.json(), StandardCharsets.UTF_8),
                    JsonNode.class, "datum"));
        }
        return found;
    }

    synchronized HttpRaftPeer peer() {
        checkAnswers();
        return local();
    }

    /** The leader as last known, null while there is none. */
    synchronized HttpRaftPeer leader() {
        checkAnswers();
        if (leader == null) {
            return null;
        }
        return leader.equals(self()) ? local() : leaderAsKnown();
    }

    /** Another member leading, as it last answered (as this node knows it before it has). */
    private HttpRaftPeer leaderAsKnown() {
        return others.getOrDefault(leader, new HttpRaftPeer(leader, leader, term, 0L, 0L, HttpRaftPeer.LEADER));
    }

    synchronized List<HttpRaftPeer> peers() {
        checkAnswers();
        List<HttpRaftPeer> all = new ArrayList<>();
        all.add(local());
        for (Member member : otherMembers()) {
            all.add(others.getOrDefault(member.address(),
                    new HttpRaftPeer(member.address(), null, 0L, 0L, 0L, HttpRaftPeer.FOLLOWER)));
        }
        return all;
    }

    /** 1.x reloads a key from its file; here memory and disk hold the same, so there is nothing to do. */
    void reload(String key) {
        checkAnswers();
        if (!LegacyPersistentKeys.isValid(key)) {
            throw new IllegalArgumentException("invalid key: " + key);
        }
    }

    int datumCount() {
        return datums.all().size();
    }

    /**
     * What a write was made from: the key's timestamp here when this node read what it changed. A
     * leader of ours refuses a write of the key once it holds a newer timestamp (409), so that a
     * change made meanwhile by another member is not undone; 1.x leaders do not read it.
     */
    public record Basis(String key, long timestamp) {
    }

    /** The basis of a write of the key made from what this node holds now. */
    public synchronized Basis basisOf(String key) {
        return new Basis(key, datums.timestamp(key));
    }

    /**
     * Writes a batch as the 1.4 group would take it (the keys in order, each through the leader);
     * completes with the outcome, as {@link RaftGroups#writeLegacy} does. The write of the basis's
     * key (if any) fails with {@link NacosException#CONFLICT} when the leader no longer holds it at
     * the basis's timestamp.
     */
    public CompletableFuture<Response> write(WriteRequest write, Basis basis) {
        LegacyPersistentDatums.Batch batch;
        try {
            batch = LegacyPersistentDatums.batch(write.getData().toByteArray());
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(failed(e.getMessage()));
        }
        boolean removal = "Delete".equals(write.getOperation());
        CompletableFuture<Void> done = CompletableFuture.completedFuture(null);
        for (int i = 0; i < batch.keys().size(); i++) {
            String key = new String(batch.keys().get(i), StandardCharsets.UTF_8);
            byte[] value = batch.values().get(i);
            Long basedOn = basis != null && basis.key().equals(key) ? basis.timestamp() : null;
            done = done.thenCompose(previous -> removal ? remove(key)
                    : publish(key, HttpRaftWire.value(value), basedOn));
        }
        return done.thenApply(written -> Response.newBuilder().setSuccess(true).build());
    }

    /**
     * Writes the key through the leader, waiting for one while there is none; when {@code basedOn}
     * is not null, only while the leader holds the key at that timestamp.
     */
    CompletableFuture<Void> publish(String key, JsonNode value, Long basedOn) {
        return withLeader(leaderAddress -> leaderAddress.equals(self()) ? publishAsLeader(key, value, basedOn)
                : passOn(leaderAddress, "POST", PATH + "/datum?key=" + HttpRaftWire.encode(key)
                        + (basedOn == null ? "" : "&" + BASED_ON + "=" + basedOn),
                        HttpRaftWire.proposalBody(new HttpRaftWire.Proposal(key, value)))
                        .thenRun(() -> keepAsSent(key, value)));
    }

    /** Removes the key through the leader, waiting for one while there is none. */
    CompletableFuture<Void> remove(String key) {
        return withLeader(leaderAddress -> leaderAddress.equals(self()) ? removeAsLeader(key)
                : passOn(leaderAddress, "DELETE", PATH + "/datum?key=" + HttpRaftWire.encode(key), null)
                        .thenRun(() -> {
                            synchronized (this) {
                                removeHere(key);
                            }
                        }));
    }

    /**
     * What this node passed on, held here at once (at its older timestamp, so the leader's own copy
     * still replaces it) so that a read here sees the write it acknowledged.
     */
    private synchronized void keepAsSent(String key, JsonNode value) {
        putHere(key, value, datums.timestamp(key));
    }

    private CompletableFuture<Void> publishAsLeader(String key, JsonNode value, Long basedOn) {
        HttpRaftWire.Commit commit;
        synchronized (this) {
            if (!self().equals(leader)) {
                return CompletableFuture.failedFuture(noLeader());
            }
            if (basedOn != null && basedOn != datums.timestamp(key)) {
                return CompletableFuture.failedFuture(new NacosException(NacosException.CONFLICT,
                        ErrorCode.RESOURCE_CONFLICT, "the write of " + key + " was made from its datum at timestamp "
                                + basedOn + ", but the leader holds it at " + datums.timestamp(key)
                                + ": another member changed it meanwhile; read it again and retry"));
            }
            long timestamp = datums.timestamp(key) + 1;
            putHere(key, value, timestamp);
            term += TERM_STEP_PER_WRITE;
            datums.saveTerm(term);
            commit = new HttpRaftWire.Commit(new HttpRaftWire.Datum(key, value, timestamp), local());
        }
        byte[] body = HttpRaftWire.commitBody(commit, 1);
        CompletableFuture<Void> majority = new CompletableFuture<>();
        AtomicInteger took = new AtomicInteger(1);
        int needed = majority();
        if (took.get() >= needed) {
            majority.complete(null);
        }
        for (Member member : otherMembers()) {
            http.postJson(member, PATH + "/datum/commit", body, CALL_TIMEOUT).whenComplete((answer, error) -> {
                if (error == null && answer.statusCode() == 200) {
                    if (took.incrementAndGet() >= needed) {
                        majority.complete(null);
                    }
                } else {
                    LOG.warn("[http-raft] failed to publish data to peer, datumId={}, peer={}: {}", key,
                            member.address(), failure(answer, error));
                }
            });
        }
        return majority.orTimeout(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).exceptionallyCompose(timeout ->
                CompletableFuture.failedFuture(new NacosException(NacosException.SERVER_ERROR, ErrorCode.SERVER_ERROR,
                        "data publish failed, caused failed to notify majority, key=" + key + " (" + took.get()
                                + " of the " + needed + " members needed took it); retry once more members are up")));
    }

    private CompletableFuture<Void> removeAsLeader(String key) {
        byte[] body;
        synchronized (this) {
            if (!self().equals(leader)) {
                return CompletableFuture.failedFuture(noLeader());
            }
            removeHere(key);
            body = HttpRaftWire.commitBody(new HttpRaftWire.Commit(new HttpRaftWire.Datum(key, null, 0L), local()), 2);
        }
        for (Member member : otherMembers()) {
            http.send(member, "DELETE", PATH + "/datum/commit", Map.of("Content-Type", LegacyPeerHttp.JSON), body,
                    CALL_TIMEOUT).whenComplete((answer, error) -> {
                        if (error != null || answer.statusCode() != 200) {
                            LOG.warn("[http-raft] failed to delete data from peer, datumId={}, peer={}: {}", key,
                                    member.address(), failure(answer, error));
                        }
                    });
        }
        return CompletableFuture.completedFuture(null);
    }

    private CompletableFuture<Void> passOn(String leaderAddress, String method, String pathAndQuery, byte[] body) {
        return http.send(Member.parse(leaderAddress), method, pathAndQuery, Map.of("Content-Type", LegacyPeerHttp.JSON),
                body, CALL_TIMEOUT.multipliedBy(2)).thenCompose(answer -> answer.statusCode() == 200
                ? CompletableFuture.<Void>completedFuture(null)
                : CompletableFuture.failedFuture(refusal(leaderAddress, answer)));
    }

    /** The leader's refusal; a conflict stays one, so that the writer makes its write again. */
    private static NacosException refusal(String leaderAddress, HttpResponse<String> answer) {
        if (answer.statusCode() == NacosException.CONFLICT) {
            return new NacosException(NacosException.CONFLICT, ErrorCode.RESOURCE_CONFLICT, answer.body());
        }
        return new NacosException(NacosException.SERVER_ERROR, ErrorCode.SERVER_ERROR, "the old Raft's leader "
                + leaderAddress + " refused the write (" + answer.statusCode() + "): " + answer.body());
    }

    private CompletableFuture<Void> withLeader(Function<String, CompletableFuture<Void>> write) {
        return withLeader(write, System.currentTimeMillis() + LEADER_WAIT_MS);
    }

    private CompletableFuture<Void> withLeader(Function<String, CompletableFuture<Void>> write, long deadline) {
        if (!inPlay()) {
            return CompletableFuture.failedFuture(stoppedError());
        }
        String known;
        synchronized (this) {
            known = leader;
        }
        if (known != null) {
            return write.apply(known);
        }
        if (System.currentTimeMillis() >= deadline) {
            return CompletableFuture.failedFuture(noLeader());
        }
        return Futures.after(TICK_MS, () -> withLeader(write, deadline));
    }

    private static NacosException noLeader() {
        return new NacosException(NacosException.SERVICE_UNAVAILABLE, ErrorCode.SERVER_ERROR,
                "the old HTTP Raft of the 1.x members has no leader yet; a majority of the members in cluster.conf "
                        + "must be up to elect one, retry then");
    }

    private static NacosException stoppedError() {
        return new NacosException(NacosException.SERVER_ERROR, ErrorCode.SERVER_ERROR,
                "old raft protocol already stop: every member runs 1.4.0 or later, persistent data goes through the "
                        + "JRaft group naming_persistent_service");
    }

    /**
     * The gate closed: the old Raft stops here. The first node of ours writes what it held into the
     * 1.4 group (retrying while that group has no leader); every node forgets it then.
     */
    private void stopped() {
        synchronized (this) {
            leader = null;
            state = HttpRaftPeer.FOLLOWER;
            others.clear();
        }
        legacySpeaks = false;
        Map<String, HttpRaftDatums.Stored> held = datums.all();
        boolean carries;
        synchronized (this) {
            carries = joined;
        }
        carries &= members.all().stream().filter(member -> !member.isLegacy()).map(Member::address).sorted()
                .findFirst().map(self()::equals).orElse(false);
        if (held.isEmpty() || !carries) {
            datums.clear();
            return;
        }
        List<byte[]> keys = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        held.forEach((key, stored) -> {
            keys.add(key.getBytes(StandardCharsets.UTF_8));
            values.add(stored.json());
        });
        carryOver(WriteRequest.newBuilder().setOperation("Write").setData(ByteString.copyFrom(
                LegacyPersistentDatums.bytes(new LegacyPersistentDatums.Batch(keys, values)))).build(), CARRY_ATTEMPTS);
    }

    /**
     * Double write is off: what the old Raft held is in the registry and goes to our own group with
     * the 1.4 group's (see {@link LegacyPersistentLog}); its files go.
     */
    private void stopForGood() {
        if (enabled && !datums.all().isEmpty()) {
            LOG.info("[http-raft] double write off: the old Raft stops for good, its {} datums on disk are removed",
                    datums.all().size());
        }
        datums.clear();
    }

    private void carryOver(WriteRequest write, int attemptsLeft) {
        raft.writeLegacy(LegacyPersistentStore.GROUP, write).whenComplete((response, error) -> {
            if (error == null && response.getSuccess()) {
                LOG.info("[http-raft] the old Raft's datums were written into the 1.4 group");
                datums.clear();
            } else if (attemptsLeft > 1) {
                CompletableFuture.delayedExecutor(HEARTBEAT_MS, TimeUnit.MILLISECONDS)
                        .execute(() -> carryOver(write, attemptsLeft - 1));
            } else {
                LOG.error("[http-raft] the old Raft's datums could not be written into the 1.4 group: {}; they stay "
                        + "on disk under data/naming/http-raft and in every node's memory", error != null
                        ? error.getMessage() : response.getErrMsg());
            }
        });
    }

    /** A member's answer as a peer; null (logged) when it is not one. */
    private static HttpRaftPeer readAnswer(String answer) {
        try {
            return HttpRaftWire.readPeer(answer);
        } catch (IllegalArgumentException e) {
            LOG.warn("[http-raft] a member answered what is not a peer: {}", e.getMessage());
            return null;
        }
    }

    private static Response failed(String message) {
        return Response.newBuilder().setSuccess(false).setErrMsg(message).build();
    }

    private static String failure(HttpResponse<String> answer, Throwable error) {
        return error != null ? String.valueOf(error.getMessage()) : answer.statusCode() + " " + answer.body();
    }
}
