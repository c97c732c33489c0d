package com.nacosx.naming.store.legacy;

import com.nacosx.core.cluster.Member;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether persistent 1.x data goes through the old HTTP Raft, judged as official 1.4 and 2.0 nodes
 * judge it: while some member has not told a version of at least 1.4.0 (a member older than 1.4,
 * or one that has not reported to this node since it started), they all keep the old Raft. Once
 * every member has, the gate closes and the 1.4 group {@code naming_persistent_service} takes over;
 * a member that reports an older version later opens it again, as a 2.0 node's downgrade does.
 */
final class HttpRaftGate {

    private static final Logger LOG = LoggerFactory.getLogger(HttpRaftGate.class);
    private static final int[] FIRST_WITHOUT_OLD_RAFT = {1, 4, 0};

    private volatile boolean open = true;

    boolean isOpen() {
        return open;
    }

    /**
     * Judges the members; true when this closed the gate (the old Raft's data then belongs to the
     * group that replaces it).
     */
    synchronized boolean judge(String self, List<Member> members) {
        boolean allNew = members.stream().allMatch(member -> member.address().equals(self) || isNew(version(member)));
        if (open && allNew) {
            open = false;
            LOG.info("[http-raft] every member runs 1.4.0 or later: the old HTTP Raft stops, persistent 1.x data goes "
                    + "through the 1.4 group");
            return true;
        }
        if (!open && olderReported(members)) {
            open = true;
            LOG.info("[http-raft] a member older than 1.4.0 reported: persistent 1.x data goes through the old HTTP "
                    + "Raft again");
        }
        return false;
    }

    /** Whether a member has reported a version older than 1.4.0. */
    static boolean olderReported(List<Member> members) {
        return members.stream().anyMatch(member -> version(member) != null && !isNew(version(member)));
    }

    private static String version(Member member) {
        return member.extendInfo().get("version") instanceof String version && !version.isBlank() ? version : null;
    }

    /** Whether the version is 1.4.0 or later; a member that told none is not. */
    static boolean isNew(String version) {
        if (version == null) {
            return false;
        }
        String[] parts = version.split("[.\\-]");
        for (int i = 0; i < FIRST_WITHOUT_OLD_RAFT.length; i++) {
            int part = i < parts.length ? leadingNumber(parts[i]) : 0;
            if (part != FIRST_WITHOUT_OLD_RAFT[i]) {
                return part > FIRST_WITHOUT_OLD_RAFT[i];
            }
        }
        return true;
    }

    private static int leadingNumber(String part) {
        int end = 0;
        while (end < part.length() && Character.isDigit(part.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(part.substring(0, Math.min(end, 9)));
    }
}
