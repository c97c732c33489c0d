package com.nacosx.core.raft;

import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * One log entry: the id the writing node gave the command, then the command. The id lets the
 * writer recognise its own entry when its node applies it, and hand over the result.
 */
record RaftEntry(UUID id, byte[] command) {

    private static final int ID_BYTES = 16;

    static RaftEntry of(byte[] command) {
        return new RaftEntry(UUID.randomUUID(), command);
    }

    byte[] encode() {
        return ByteBuffer.allocate(ID_BYTES + command.length).putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits()).put(command).array();
    }

    static RaftEntry decode(ByteBuffer data) {
        ByteBuffer buffer = data.slice();
        UUID id = new UUID(buffer.getLong(), buffer.getLong());
        byte[] command = new byte[buffer.remaining()];
        buffer.get(command);
        return new RaftEntry(id, command);
    }
}
