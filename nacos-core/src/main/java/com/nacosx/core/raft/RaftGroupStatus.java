package com.nacosx.core.raft;

import java.util.List;

/**
 * What {@code GET /v1/core/raft} shows of one group on this node.
 *
 * @param role           LEADER, FOLLOWER, CANDIDATE (electing), or another JRaft node state
 * @param appliedIndex   the last log index applied to the state machine here
 * @param committedIndex the last index this node knows to be committed
 * @param lastLogIndex   the last index in this node's log
 */
public record RaftGroupStatus(String group, String self, String leader, long term, String role, List<String> peers,
                              long appliedIndex, long committedIndex, long lastLogIndex) {
}
