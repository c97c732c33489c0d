package com.nacosx.core.raft;

import com.alibaba.nacos.consistency.entity.ReadRequest;
import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import com.google.protobuf.InvalidProtocolBufferException;
import java.util.concurrent.CompletableFuture;

/**
 * A CP group that official 1.4 nodes run as well (naming's {@code naming_persistent_service}):
 * its peers are every member, 1.4 or ours, and its log entries, calls and snapshot files are
 * theirs, so a node of ours is a full peer of their group and they of ours. Core runs it only on a
 * node started to upgrade from 1.x ({@code nacos.core.support.upgrade.from.1x=true}).
 */
public interface LegacyRaftStateMachine extends RaftStateMachine {

    /** Applies a committed 1.x write; what it answers goes back to the writer, 1.4 node or ours. */
    Response applyWrite(WriteRequest write);

    /** Answers a 1.x read from what this node has applied. */
    Response read(ReadRequest read);

    /**
     * On the leader, before it appends a write: why it refuses the write (sent back to the writer
     * as the answer), or null to append it. Each write admitted is {@link #settled} once it was
     * applied or failed. 1.4 leaders append every write.
     */
    default Response refuse(WriteRequest write) {
        return null;
    }

    /** A write this leader admitted was applied here, or will not be. */
    default void settled(WriteRequest write) {
    }

    @Override
    default CompletableFuture<Object> apply(byte[] write) {
        try {
            return CompletableFuture.completedFuture(applyWrite(WriteRequest.parseFrom(write)));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("a 1.x Raft entry is not a WriteRequest: " + e.getMessage(), e);
        }
    }
}
