package com.nacosx.naming.store.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a leader of ours admits of the lists written through the group it shares with 1.4 nodes. */
class ListWriteGuardTest {

    static final String LIST = "com.alibaba.nacos.naming.iplist.public##DEFAULT_GROUP@@svc";
    static final byte[] FIRST = "{\"instanceList\":[1]}".getBytes(StandardCharsets.UTF_8);
    static final byte[] SECOND = "{\"instanceList\":[1,2]}".getBytes(StandardCharsets.UTF_8);

    final Map<String, byte[]> applied = new HashMap<>();
    final ListWriteGuard guard = new ListWriteGuard(applied::get);

    static WriteRequest madeFrom(byte[] list) {
        return ListWriteGuard.stamp(WriteRequest.newBuilder().setOperation("Write").build(), LIST, list);
    }

    @Test
    void aListMadeFromTheAppliedOneIsAdmittedAndAnotherMadeFromItWaitsUntilItIsApplied() {
        applied.put(LIST, FIRST);
        WriteRequest one = madeFrom(FIRST);
        assertNull(guard.refuse(one));

        Response other = guard.refuse(madeFrom(FIRST));
        assertTrue(ListWriteGuard.isRefusal(other), other.getErrMsg());
        assertTrue(other.getErrMsg().contains(LIST), other.getErrMsg());

        applied.put(LIST, SECOND);
        guard.settled(one);
        assertTrue(ListWriteGuard.isRefusal(guard.refuse(madeFrom(FIRST))), "made from the list it replaced");
        assertNull(guard.refuse(madeFrom(SECOND)), "made again from the list as it is now");
    }

    @Test
    void aListNotHeldYetIsWrittenOnceFromNothing() {
        WriteRequest first = madeFrom(null);
        assertNull(guard.refuse(first));
        assertTrue(ListWriteGuard.isRefusal(guard.refuse(madeFrom(null))));
        guard.settled(first);
        assertNull(guard.refuse(madeFrom(null)), "the first write failed: nothing was applied");
    }

    @Test
    void a14NodesWriteIsAdmittedAsA14LeaderAdmitsIt() {
        applied.put(LIST, FIRST);
        assertNull(guard.refuse(madeFrom(FIRST)));
        WriteRequest from14 = WriteRequest.newBuilder().setOperation("Write").build();
        assertNull(guard.refuse(from14));
        guard.settled(from14);
        assertTrue(ListWriteGuard.isRefusal(guard.refuse(madeFrom(FIRST))), "ours is still on its way");
    }

    @Test
    void anyOtherFailureIsNotARefusal() {
        assertFalse(ListWriteGuard.isRefusal(Response.newBuilder().setSuccess(false).setErrMsg("invalid key: x")
                .build()));
        assertFalse(ListWriteGuard.isRefusal(Response.newBuilder().setSuccess(true).build()));
        assertEquals(ListWriteGuard.fingerprint(FIRST), ListWriteGuard.fingerprint(FIRST.clone()));
    }
}
