package com.nacosx.core.cluster;

import java.util.List;

/** Told when a member joins, leaves or changes state. Must not block. */
public interface MemberChangeListener {

    void membersChanged(List<Member> members);
}
