package com.nacosx.naming.distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.cluster.MemberInfo;
import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.core.upgrade.UpgradeSettings;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.model.ServiceKey;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.env.StandardEnvironment;

/**
 * Who is responsible for a 1.x instance while a member starts: the members' states as their reports
 * say them, and the warm-up of a member that joins serving members.
 */
class DistroMapperTest {

    static final String STARTING_PEER = "127.0.0.1:9848";
    static final Duration WARM_UP = Duration.ofSeconds(30);
    static final long START = 1_800_000_000_000L;

    @TempDir
    Path home;
    final List<PeerClients> peers = new ArrayList<>();

    @AfterEach
    void closePeers() {
        peers.forEach(PeerClients::close);
    }

    @Test
    void aStartingPeerTakesNoInstancesUntilItSaysItIsReadyButCountsFor1xServices() {
        Node node = loading(Duration.ZERO, System::currentTimeMillis);
        ServerMemberManager members = node.members();
        DistroMapper mapper = node.mapper();

        members.reported(report("STARTING", STARTING_PEER, null));
        assertEquals(Set.of("127.0.0.1:10848"), responsibleForSomeInstances(mapper),
                "this node is starting too: it counts itself out until it is ready, as its peers do");
        assertEquals(Set.of("127.0.0.1:8848", "127.0.0.1:9848", "127.0.0.1:10848"), ownersAs1x(mapper),
                "a 1.x node takes a starting node for UP once it reported");

        members.reported(report("UP", STARTING_PEER, null));
        assertEquals(Set.of("127.0.0.1:9848", "127.0.0.1:10848"), responsibleForSomeInstances(mapper));

        members.reported(report("DOWN", STARTING_PEER, null));
        assertEquals(Set.of("127.0.0.1:10848"), responsibleForSomeInstances(mapper));
        assertFalse(ownersAs1x(mapper).contains(STARTING_PEER), "a member that said it stops owns nothing");
    }

    @Test
    void aPeerThatComesBackTakesItsShareEvenlyOverTheWarmUpItSaysAndEachKeyMovesOnce() {
        AtomicLong clock = new AtomicLong(START);
        Node node = loading(WARM_UP, clock::get);
        node.readiness().open("load");
        ServerMemberManager members = node.members();
        DistroMapper mapper = node.mapper();
        clock.addAndGet(DistroMapper.WARM_UP_LEAD_MILLIS + WARM_UP.toMillis());
        Map<String, String> before = owners(mapper);

        members.reported(report("DOWN", STARTING_PEER, null));
        Map<String, String> whileDown = owners(mapper);
        members.reported(report("UP", STARTING_PEER, warmingUpFrom(clock.get())));
        assertTrue(whileDown.equals(owners(mapper)), "the moment it is back, every key is where it was");

        clock.addAndGet(WARM_UP.toMillis() / 2);
        Map<String, String> halfway = owners(mapper);
        clock.addAndGet(WARM_UP.toMillis() / 2);
        Map<String, String> whole = owners(mapper);
        assertTrue(before.equals(whole), "after the warm-up, each member has its whole share, as before it went down");

        long taken = count(halfway, STARTING_PEER);
        long share = count(whole, STARTING_PEER);
        assertTrue(taken > share * 0.4 && taken < share * 0.6, taken + " of its " + share + " halfway");
        long toMove = whole.keySet().stream().filter(key -> !whole.get(key).equals(whileDown.get(key))).count();
        long moved = halfway.keySet().stream().filter(key -> !halfway.get(key).equals(whileDown.get(key))).count();
        assertTrue(moved > toMove * 0.4 && moved < toMove * 0.6, moved + " of " + toMove + " moved halfway");
        assertEquals(0, halfway.keySet().stream().filter(key -> !halfway.get(key).equals(whileDown.get(key))
                && !halfway.get(key).equals(whole.get(key))).count(), "a key that moved went where it belongs");
        assertTrue(whole.keySet().stream().filter(key -> !whole.get(key).equals(whileDown.get(key)))
                .allMatch(key -> whole.get(key).equals(STARTING_PEER)), "only keys of the member that came back moved");
    }

    @Test
    void aPeerThatStopsGivesAwayItsOwnKeysAndNoOtherKeyMoves() {
        AtomicLong clock = new AtomicLong(START);
        Node node = loading(WARM_UP, clock::get);
        node.readiness().open("load");
        clock.addAndGet(DistroMapper.WARM_UP_LEAD_MILLIS + WARM_UP.toMillis());
        Map<String, String> before = owners(node.mapper());

        node.members().reported(report("DOWN", STARTING_PEER, null));
        Map<String, String> after = owners(node.mapper());

        List<String> moved = before.keySet().stream().filter(key -> !before.get(key).equals(after.get(key))).toList();
        long itsShare = count(before, STARTING_PEER);
        assertTrue(itsShare > before.size() / 4, itsShare + " of " + before.size() + " keys were the stopped member's");
        assertEquals(itsShare, moved.size(), "every key of the stopped member moved, and no other");
        long toSelf = moved.stream().filter(key -> after.get(key).equals("127.0.0.1:8848")).count();
        assertTrue(toSelf > moved.size() * 0.35 && toSelf < moved.size() * 0.65,
                toSelf + " of its " + moved.size() + " keys went to one of the two members left");
    }

    @Test
    void aNodeReadyBesideAServingClusterWarmsUpAndSaysSo() {
        AtomicLong clock = new AtomicLong(START);
        Node node = loading(WARM_UP, clock::get);
        DistroMapper mapper = node.mapper();
        assertEquals(Set.of(STARTING_PEER, "127.0.0.1:10848"), responsibleForSomeInstances(mapper),
                "while it loads, its peers serve what would be its share");

        node.readiness().open("load");
        long from = START + DistroMapper.WARM_UP_LEAD_MILLIS;
        assertEquals(Map.of("from", from, "until", from + WARM_UP.toMillis()),
                node.members().self().extendInfo().get("distroShare"), "its peers hear the span of its warm-up");
        clock.set(from - 1);
        assertEquals(Set.of(STARTING_PEER, "127.0.0.1:10848"), responsibleForSomeInstances(mapper),
                "it takes no key before its peers have heard when it begins to");
        clock.set(from + WARM_UP.toMillis() / 2);
        assertTrue(responsibleForSomeInstances(mapper).contains("127.0.0.1:8848"), "halfway through its warm-up");
        clock.set(from + WARM_UP.toMillis());
        assertEquals(Set.of("127.0.0.1:8848", STARTING_PEER, "127.0.0.1:10848"), responsibleForSomeInstances(mapper));
    }

    @Test
    void nodesReadyTogetherAsAClusterStartsOrAloneTakeTheirSharesAtOnce() {
        AtomicLong clock = new AtomicLong(START);
        Node together = loading(WARM_UP, clock::get);
        together.members().reported(report("UP", STARTING_PEER, Map.of("from", START - 2000, "until", START - 2000)));
        together.members().reported(report("UP", "127.0.0.1:10848",
                Map.of("from", START - 1000, "until", START - 1000)));
        together.readiness().open("load");
        assertEquals(Set.of("127.0.0.1:8848", STARTING_PEER, "127.0.0.1:10848"),
                responsibleForSomeInstances(together.mapper()),
                "its peers have served for less than a warm-up: the cluster is starting");

        Node alone = loading(WARM_UP, clock::get);
        alone.members().reported(report("DOWN", STARTING_PEER, null));
        alone.members().reported(report("DOWN", "127.0.0.1:10848", null));
        alone.readiness().open("load");
        clock.addAndGet(WARM_UP.toMillis());
        alone.members().reported(report("UP", STARTING_PEER, warmingUpFrom(clock.get())));
        assertEquals(Set.of("127.0.0.1:8848"), responsibleForSomeInstances(alone.mapper()),
                "it served alone from the moment it was ready, and the peer that joined warms up");
    }

    /** This node (127.0.0.1:8848) of three, started and loading: its readiness's gate {@code load} is closed. */
    private Node loading(Duration warmUp, LongSupplier clock) {
        ServerReadiness readiness = new ServerReadiness();
        readiness.close("load");
        readiness.onStarted();
        ServerMemberManager members = members(readiness);
        DistroMapper mapper = mapper(members, readiness, warmUp, clock);
        members.addListener(mapper);
        return new Node(readiness, members, mapper);
    }

    record Node(ServerReadiness readiness, ServerMemberManager members, DistroMapper mapper) {
    }

    private static Map<String, Long> warmingUpFrom(long now) {
        return Map.of("from", now, "until", now + WARM_UP.toMillis());
    }

    private static long count(Map<String, String> owners, String member) {
        return owners.values().stream().filter(member::equals).count();
    }

    private static Map<String, String> owners(DistroMapper mapper) {
        Map<String, String> owners = new TreeMap<>();
        IntStream.range(0, 3000).forEach(i -> owners.put("10.0." + i / 250 + "." + i % 250,
                mapper.responsible("10.0." + i / 250 + "." + i % 250, 8080).address()));
        return owners;
    }

    private DistroMapper mapper(ServerMemberManager members, ServerReadiness readiness, Duration warmUp,
                                LongSupplier clock) {
        return new DistroMapper(members, new UpgradeJudgement(new UpgradeSettings(false,
                home.resolve("data/upgrade.state")), settings(), members), readiness,
                new NamingProperties(null, null, null, new NamingProperties.Distro(warmUp)), clock);
    }

    private static Set<String> responsibleForSomeInstances(DistroMapper mapper) {
        Set<String> owners = new TreeSet<>();
        IntStream.range(0, 300).forEach(i -> owners.add(mapper.responsible("10.0.0." + i, 8080).address()));
        return owners;
    }

    private static Set<String> ownersAs1x(DistroMapper mapper) {
        Set<String> owners = new TreeSet<>();
        IntStream.range(0, 300).forEach(i -> owners.add(
                mapper.ownerAs1x(new ServiceKey("public", "DEFAULT_GROUP", "svc-" + i)).address()));
        return owners;
    }

    private ServerMemberManager members(ServerReadiness readiness) {
        AuthSettings auth = AuthSettings.from(new StandardEnvironment());
        PeerClients clients = new PeerClients(settings(), auth);
        peers.add(clients);
        return new ServerMemberManager(settings(), clients,
                new LegacyPeerHttp(new HttpServerProperties(null, null, null, null, null), auth), readiness);
    }

    private static ClusterSettings settings() {
        return new ClusterSettings(false, "127.0.0.1", 8848, 3, "127.0.0.1:8848," + STARTING_PEER + ",127.0.0.1:10848",
                "file", "", 0, "", Path.of("cluster.conf"));
    }

    /** A report of ours: the span over which the member takes its share, or null for a member that says none. */
    private static MemberInfo report(String state, String address, Map<String, Long> share) {
        Member peer = Member.parse(address);
        MemberInfo info = new MemberInfo();
        info.ip = peer.ip();
        info.port = peer.port();
        info.state = state;
        info.extendInfo = share == null ? Map.of("version", ServerMemberManager.PROTOCOL_VERSION)
                : Map.of("version", ServerMemberManager.PROTOCOL_VERSION, "distroShare", share);
        return info;
    }
}
