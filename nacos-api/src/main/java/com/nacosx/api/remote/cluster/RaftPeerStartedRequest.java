package com.nacosx.api.remote.cluster;

import com.nacosx.api.remote.Request;

/**
 * A node's word to the other members that it has just started one of its Raft groups: the group's
 * leader sends it heartbeats at once instead of at its next retry, and the node, which is not ready
 * until it has heard from the leader, is ready sooner after a restart.
 *
 * @see RaftPeerStartedResponse
 */
public class RaftPeerStartedRequest extends Request {

    public String group;
    /** The node's Raft endpoint, {@code ip:raftPort}. */
    public String peer;

    @Override
    public String getModule() {
        return "cluster";
    }
}
