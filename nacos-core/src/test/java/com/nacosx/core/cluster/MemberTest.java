package com.nacosx.core.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.cluster.MemberInfo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MemberTest {

    @Test
    void addressesAsClusterConfWritesThem() {
        assertEquals("10.0.0.1:8848", Member.parse("10.0.0.1").address());
        assertEquals("10.0.0.1:8850", Member.parse(" 10.0.0.1:8850 ").address());
        assertThrows(IllegalArgumentException.class, () -> Member.parse("10.0.0.1:http"));
        assertEquals(List.of("10.0.0.1:8848", "10.0.0.2:8848", "10.0.0.3"),
                ConfFileLookup.parse(List.of("# members", "10.0.0.1:8848, 10.0.0.2:8848", "", "10.0.0.3 # third")));
    }

    @Test
    void failuresMakeAMemberSuspiciousThenDown() {
        Member member = new Member("10.0.0.1", 8848);
        assertEquals(NodeState.SUSPICIOUS, member.failed(3, false));
        member.failed(3, false);
        member.failed(3, false);
        assertEquals(NodeState.DOWN, member.failed(3, false), "more than 3 failures in a row");
        member.succeeded(null);
        assertEquals(NodeState.UP, member.state());
        assertEquals(0, member.failAccessCnt());
        assertEquals(NodeState.DOWN, member.failed(3, true), "a refused connection is DOWN at once");
    }

    @Test
    void aMemberIsLegacyByItsVersionOrElseByTheChannelThatLastAnswered() {
        Member member = new Member("10.0.0.1", 8848);
        assertFalse(member.isLegacy(), "unknown nodes are tried over gRPC first");
        member.answeredOverHttp(true);
        assertTrue(member.isLegacy());
        member.succeeded(said("UP", Map.of("version", "2.5.1")));
        assertFalse(member.isLegacy(), "a 2.x version outweighs the channel");
        Map<String, Object> reported = new HashMap<>();
        reported.put("version", "1.4.8");
        reported.put("site", null);
        member.succeeded(said("UP", reported));
        assertTrue(member.isLegacy());
        assertEquals(Map.of("version", "1.4.8"), member.extendInfo(), "entries without a value are left out");
    }

    @Test
    void aMemberIsInTheStateItReports() {
        Member member = new Member("10.0.0.1", 8848);
        member.succeeded(said("STARTING", Map.of("version", "2.5.1")));
        assertEquals(NodeState.STARTING, member.state(), "started, not ready yet");
        member.succeeded(said("UP", Map.of()));
        assertEquals(NodeState.UP, member.state());
        member.succeeded(said("DOWN", Map.of()));
        assertEquals(NodeState.DOWN, member.state(), "it says it is stopping");
        member.succeeded(said("SUSPICIOUS", Map.of()));
        assertEquals(NodeState.UP, member.state(), "any other word of a member that answers is UP");
        member.succeeded(null);
        assertEquals(NodeState.UP, member.state(), "a 1.4 node's answer names no state");
    }

    @Test
    void aDownMemberStaysDownUntilItAnswers() {
        Member member = new Member("10.0.0.1", 8848);
        assertEquals(NodeState.DOWN, member.failed(3, true));
        assertEquals(NodeState.DOWN, member.failed(3, false),
                "a stopping node refuses one channel before the other: not SUSPICIOUS again");
        member.succeeded(said("STARTING", Map.of()));
        assertEquals(NodeState.STARTING, member.state());
        assertEquals(NodeState.SUSPICIOUS, member.failed(3, false));
    }

    private static MemberInfo said(String state, Map<String, Object> extendInfo) {
        MemberInfo info = new MemberInfo();
        info.state = state;
        info.extendInfo = extendInfo;
        return info;
    }
}
