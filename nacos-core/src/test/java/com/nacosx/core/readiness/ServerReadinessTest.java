package com.nacosx.core.readiness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ServerReadinessTest {

    @Test
    void readyOnlyOnceStartedWithEveryGateOpen() {
        ServerReadiness readiness = new ServerReadiness();
        readiness.close("config");
        readiness.close("naming");
        readiness.onStarted();
        readiness.open("config");
        assertFalse(readiness.isReady(), "naming's gate is still closed");
        assertEquals(Set.of("naming"), readiness.closedGates());

        readiness.open("naming");
        assertTrue(readiness.isReady());
        assertTrue(readiness.ready().isDone());
    }

    /**
     * Whoever sees the node ready must find what its continuations do done: a peer asking for its
     * state right after its readiness answered 200 must hear UP (a race a busy CI host once lost).
     */
    @Test
    void theContinuationsRunBeforeTheNodeSaysItIsReady() {
        ServerReadiness readiness = new ServerReadiness();
        readiness.close("load");
        List<Boolean> seenByContinuation = new ArrayList<>();
        readiness.ready().thenRun(() -> seenByContinuation.add(readiness.isReady()));
        readiness.onStarted();
        readiness.open("load");

        assertEquals(List.of(false), seenByContinuation);
        assertTrue(readiness.isReady());
    }

    @Test
    void aStoppingNodeIsNotReady() {
        ServerReadiness readiness = new ServerReadiness();
        readiness.onStarted();
        assertTrue(readiness.isReady());
        readiness.onStopping();
        assertFalse(readiness.isReady());
        assertTrue(readiness.isStopping());
    }
}
