package com.nacosx.naming.distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
import com.nacosx.naming.model.ServiceKey;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.env.StandardEnvironment;

/** Who is responsible for a 1.x instance while a member starts: the members' states as their reports say them. */
class DistroMapperTest {

    static final String STARTING_PEER = "127.0.0.1:9848";

    @TempDir
    Path home;
    PeerClients peers;

    @AfterEach
    void closePeers() {
        peers.close();
    }

    @Test
    void aStartingPeerTakesNoInstancesUntilItSaysItIsReadyButCountsFor1xServices() {
        ServerReadiness readiness = new ServerReadiness();
        readiness.close("load");
        ServerMemberManager members = members(readiness);
        DistroMapper mapper = new DistroMapper(members, new UpgradeJudgement(
                new UpgradeSettings(false, home.resolve("data/upgrade.state")), settings(), members));
        members.addListener(mapper);

        members.reported(report("STARTING"));
        assertEquals(Set.of("127.0.0.1:8848", "127.0.0.1:10848"), responsibleForSomeInstances(mapper),
                "this node is starting too, and counts itself, as its peers will once it is ready");
        assertEquals(Set.of("127.0.0.1:8848", "127.0.0.1:9848", "127.0.0.1:10848"), ownersAs1x(mapper),
                "a 1.x node takes a starting node for UP once it reported");

        members.reported(report("UP"));
        assertEquals(Set.of("127.0.0.1:8848", "127.0.0.1:9848", "127.0.0.1:10848"), responsibleForSomeInstances(mapper));

        members.reported(report("DOWN"));
        assertEquals(Set.of("127.0.0.1:8848", "127.0.0.1:10848"), responsibleForSomeInstances(mapper));
        assertFalse(ownersAs1x(mapper).contains(STARTING_PEER), "a member that said it stops owns nothing");
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
        peers = new PeerClients(settings(), auth);
        return new ServerMemberManager(settings(), peers,
                new LegacyPeerHttp(new HttpServerProperties(null, null, null, null, null), auth), readiness);
    }

    private static ClusterSettings settings() {
        return new ClusterSettings(false, "127.0.0.1", 8848, 3, "127.0.0.1:8848," + STARTING_PEER + ",127.0.0.1:10848",
                "file", "", 0, "", Path.of("cluster.conf"));
    }

    private static MemberInfo report(String state) {
        Member peer = Member.parse(STARTING_PEER);
        MemberInfo info = new MemberInfo();
        info.ip = peer.ip();
        info.port = peer.port();
        info.state = state;
        info.extendInfo = Map.of("version", ServerMemberManager.PROTOCOL_VERSION);
        return info;
    }
}
