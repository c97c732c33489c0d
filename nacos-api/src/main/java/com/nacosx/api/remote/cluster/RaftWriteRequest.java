package com.nacosx.api.remote.cluster;

import com.nacosx.api.remote.Request;

/**
 * A write to a Raft group, passed by a follower to the group's leader over the cluster port; the
 * leader appends it to the group's log and answers once the entry is committed.
 *
 * @see RaftWriteResponse
 */
public class RaftWriteRequest extends Request {

    public String group;
    /** The log entry, as the follower framed it (command id and command). */
    public byte[] entry;
    /**
     * When the follower stops waiting for it and answers its client that the write failed (epoch
     * millis; 0 from a node that does not say). A request held up in a cut link reaches the leader
     * when the link heals, long after; appended then, it would overwrite writes made since.
     */
    public long validUntil;

    @Override
    public String getModule() {
        return "cluster";
    }
}
