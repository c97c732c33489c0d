package com.nacosx.core.raft;

import com.alibaba.nacos.consistency.entity.Log;
import com.alibaba.nacos.consistency.entity.ReadRequest;
import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import com.alipay.sofa.jraft.Closure;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * Applies the log entries of a group shared with official 1.4 nodes, as they write them: two bytes
 * saying read or write (a protobuf tag no request uses, then 1 or 2), then the request. A 1.4
 * node puts a read into the log when it could not read locally; it changes nothing and is answered
 * to the node that appended it. Entries without the two bytes are the older {@code Log} form.
 */
final class LegacyGroupStateMachine extends GroupStateMachine {

    private static final byte TYPE_TAG = 7 << 3;
    private static final byte READ = 1;
    private static final byte WRITE = 2;

    private final LegacyRaftStateMachine machine;

    LegacyGroupStateMachine(LegacyRaftStateMachine machine, Runnable onStopped) {
        super(machine, 0, onStopped);
        this.machine = machine;
    }

    /** The entry a 1.4 node would append for this write or read. */
    static byte[] entryOf(Message request) {
        byte[] body = request.toByteArray();
        return ByteBuffer.allocate(2 + body.length).put(TYPE_TAG).put(request instanceof ReadRequest ? READ : WRITE)
                .put(body).array();
    }

    /** Applied at once: a 1.4 group's writes are few (persistent instances and service metadata). */
    @Override
    protected CompletableFuture<Runnable> applyEntry(ByteBuffer data, Closure done, long index) {
        byte[] entry = new byte[data.remaining()];
        data.duplicate().get(entry);
        Response response;
        try {
            response = answer(entry);
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            logFailedApply(index, e instanceof RuntimeException failure ? failure : new IllegalArgumentException(e));
            response = failure(e.getMessage());
        }
        Response answered = response;
        return CompletableFuture.completedFuture(() -> {
            if (done instanceof RaftGroup.ResultClosure waiting) {
                waiting.result(answered);
            }
        });
    }

    private Response answer(byte[] entry) throws InvalidProtocolBufferException {
        if (entry.length >= 2 && entry[0] == TYPE_TAG) {
            ByteString body = ByteString.copyFrom(entry, 2, entry.length - 2);
            return entry[1] == READ ? machine.read(ReadRequest.parseFrom(body))
                    : machine.applyWrite(WriteRequest.parseFrom(body));
        }
        return machine.applyWrite(asWrite(Log.parseFrom(entry)));
    }

    static WriteRequest asWrite(Log log) {
        return WriteRequest.newBuilder().setGroup(log.getGroup()).setKey(log.getKey()).setData(log.getData())
                .setType(log.getType()).setOperation(log.getOperation()).putAllExtendInfo(log.getExtendInfoMap())
                .build();
    }

    static Response failure(String message) {
        return Response.newBuilder().setSuccess(false).setErrMsg(message == null ? "unknown error" : message).build();
    }
}
