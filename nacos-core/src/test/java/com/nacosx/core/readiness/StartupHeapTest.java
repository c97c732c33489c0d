package com.nacosx.core.readiness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The heap is collected before the port opens only when its young generation holds much of the start. */
class StartupHeapTest {

    private static int collectionsWith(long youngBytes) {
        AtomicInteger collections = new AtomicInteger();
        StartupHeap.collect(() -> youngBytes, collections::incrementAndGet);
        return collections.get();
    }

    @Test
    void aLargeYoungGenerationIsCollected() {
        assertEquals(1, collectionsWith(StartupHeap.WORTH_COLLECTING_BYTES + 1));
        assertEquals(1, collectionsWith(512L << 20));
    }

    @Test
    void aSmallOneIsLeftToTheYoungCollections() {
        assertEquals(0, collectionsWith(StartupHeap.WORTH_COLLECTING_BYTES));
        assertEquals(0, collectionsWith(16L << 20));
    }

    @Test
    void theYoungGenerationOfThisJvmsCollectorIsFound() {
        assertFalse(StartupHeap.youngPools().isEmpty(), "no eden, survivor or young pool among the heap's pools");
    }
}
