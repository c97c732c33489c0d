package com.nacosx.core.cluster;

import java.util.List;

/**
 * Told when a member joins, leaves or changes state, with the whole list, on the membership timer
 * or the thread that took a peer's report: must not block. A listener that throws is logged and
 * the others are still told.
 */
public interface MemberChangeListener {

    void membersChanged(List<Member> members);
}
