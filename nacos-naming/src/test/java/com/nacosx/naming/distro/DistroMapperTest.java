package com.nacosx.naming.distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.cluster.MemberInfo;
import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.core.upgrade.UpgradeSettings;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.env.StandardEnvironment;

class DistroMapperTest {

    static final String PEER = "127.0.0.1:8850";

    @TempDir
    Path home;

    /** The members responsible for 1,000 1.x instances, by address. */
    static Set<String> responsibleFor1000(DistroMapper mapper) {
        Set<String> responsible = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            responsible.add(mapper.responsible("10.0." + i / 256 + "." + i % 256, 8080).address());
        }
        return responsible;
    }

    static MemberInfo peerReport(boolean starting) {
        MemberInfo info = new MemberInfo();
        info.ip = "127.0.0.1";
        info.port = 8850;
        info.extendInfo.put("version", "2.5.1");
        if (starting) {
            info.extendInfo.put(Member.STARTING, true);
        }
        return info;
    }

    @Test
    void aStartingNodeOfOursIsResponsibleForNothingUntilItIsReady() {
        ClusterSettings settings = new ClusterSettings(false, "127.0.0.1", 8848, 3, "127.0.0.1:8848," + PEER, "file",
                "", 0, "", home.resolve("cluster.conf"));
        AuthSettings auth = AuthSettings.from(new StandardEnvironment());
        ServerMemberManager members = new ServerMemberManager(settings, new PeerClients(settings, auth),
                new LegacyPeerHttp(new HttpServerProperties(null, null, null, null, null), auth));
        DistroMapper mapper = new DistroMapper(members, new UpgradeJudgement(
                new UpgradeSettings(false, home.resolve("data/upgrade.state")), settings, members));
        members.addListener(mapper);

        // This node starts as starting, its peer says it is starting too: each keeps what comes to it.
        members.reported(peerReport(true));
        assertEquals(Set.of("127.0.0.1:8848"), responsibleFor1000(mapper));

        members.describeSelfStarting(false);
        assertEquals(Set.of("127.0.0.1:8848"), responsibleFor1000(mapper), "the peer is still starting");
        members.reported(peerReport(false));
        assertEquals(Set.of("127.0.0.1:8848", PEER), responsibleFor1000(mapper), "both ready: shared by the hash");

        members.describeSelfStarting(true);
        assertEquals(Set.of(PEER), responsibleFor1000(mapper), "a starting node passes every beat on");
        assertTrue(members.self().isStarting());
    }
}
