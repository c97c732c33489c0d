package com.nacosx.naming.store.legacy;

import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import com.nacosx.core.util.Digests;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A service's instance list is one datum in the 1.4 group, so a node writes the whole list made
 * from the list it holds; two nodes writing one service at once would each replace the other's
 * change. A node of ours says in its write which list it made it from (a fingerprint, in the
 * write's {@code extendInfo}, which 1.4 nodes do not read). A leader of ours admits such a write
 * only when that is the list it has applied and no other such write of the list is on its way;
 * else it refuses it, and the writer reads again and writes again. A 1.4 node's write says
 * nothing and is admitted, as a 1.4 leader admits every write: a 1.4 node and one of ours writing
 * one service at the same moment may still lose one change, as two 1.4 nodes may.
 */
final class ListWriteGuard {

    static final String KEY = "nacosx.listKey";
    static final String BASED_ON = "nacosx.basedOn";
    /** How a refusal's message begins, so the writer tells it from any other failure. */
    static final String REFUSAL = "made from a replaced list: ";
    private static final String ABSENT = "absent";

    private final Function<String, byte[]> applied;
    /** The lists a write admitted here is on its way to. */
    private final Set<String> writing = ConcurrentHashMap.newKeySet();

    /** @param applied the datum this node has applied for a key, or null */
    ListWriteGuard(Function<String, byte[]> applied) {
        this.applied = applied;
    }

    /** The write, saying it was made from {@code basedOn}, the datum of the list {@code key}. */
    static WriteRequest stamp(WriteRequest write, String key, byte[] basedOn) {
        return write.toBuilder().putExtendInfo(KEY, key).putExtendInfo(BASED_ON, fingerprint(basedOn)).build();
    }

    static boolean isRefusal(Response response) {
        return !response.getSuccess() && response.getErrMsg().startsWith(REFUSAL);
    }

    /** A refusal, or null when the write is admitted (then {@link #settled} must follow). */
    synchronized Response refuse(WriteRequest write) {
        String key = write.getExtendInfoMap().get(KEY);
        if (key == null) {
            return null;
        }
        if (writing.contains(key) || !fingerprint(applied.apply(key)).equals(write.getExtendInfoMap().get(BASED_ON))) {
            return Response.newBuilder().setSuccess(false).setErrMsg(REFUSAL + "the write of " + key
                    + " was made from a list another member is replacing or has replaced; read it again and retry")
                    .build();
        }
        writing.add(key);
        return null;
    }

    /** An admitted write was applied here, or will not be. */
    void settled(WriteRequest write) {
        String key = write.getExtendInfoMap().get(KEY);
        if (key != null) {
            writing.remove(key);
        }
    }

    static String fingerprint(byte[] datum) {
        return datum == null ? ABSENT : Digests.sha256Hex(datum);
    }
}
