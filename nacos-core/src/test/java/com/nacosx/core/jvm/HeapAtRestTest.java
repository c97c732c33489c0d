package com.nacosx.core.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeapAtRestTest {

    private static final long MB = 1L << 20;

    private final List<Integer> set = new ArrayList<>();
    private final HeapAtRest heap = new HeapAtRest(20, launchersRatio());

    @Test
    void aSlowlyFillingEdenLowersTheRatioAndAFastOnePutsItBack() {
        heap.youngCollectionEnded(10_000, 30 * MB, 40);
        assertEquals(List.of(), set, "the first collection has nothing to compare with");

        heap.youngCollectionEnded(25_000, 10 * MB, 40);
        assertEquals(List.of(20), set, "10 MB in 15 s is a node at rest");
        heap.youngCollectionEnded(40_000, 10 * MB, 40);
        assertEquals(List.of(20), set, "still at rest: nothing to change");

        heap.youngCollectionEnded(43_000, 30 * MB, 40);
        assertEquals(List.of(20), set, "10 MB/s is neither at rest nor busy: the ratio stays");
        heap.youngCollectionEnded(43_500, 64 * MB, 40);
        assertEquals(List.of(20, 40), set, "128 MB/s is a busy node");
        heap.youngCollectionEnded(44_500, 8 * MB, 40);
        assertEquals(List.of(20, 40), set, "8 MB/s is not yet at rest");
    }

    @Test
    void onlyEdenCountsAsWhatWasAllocated() {
        assertEquals(7 * MB, HeapAtRest.edenBytes(Map.of(
                "G1 Eden Space", usage(7 * MB), "G1 Survivor Space", usage(2 * MB), "G1 Old Gen", usage(40 * MB))));
        assertEquals(3 * MB, HeapAtRest.edenBytes(Map.of("Eden Space", usage(3 * MB), "Tenured Gen", usage(9 * MB))));
    }

    /** The flag is manageable on the JVM that runs this test: set, read back and put back. */
    @Test
    void theJvmTakesTheRatioWhileRunning() {
        HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        String before = hotSpot.getVMOption(HeapAtRest.FLAG).getValue();
        int floor = Integer.parseInt(hotSpot.getVMOption("MinHeapFreeRatio").getValue());
        int between = (floor + Integer.parseInt(before)) / 2;
        try {
            hotSpot.setVMOption(HeapAtRest.FLAG, Integer.toString(between));
            assertEquals(Integer.toString(between), hotSpot.getVMOption(HeapAtRest.FLAG).getValue());
        } finally {
            hotSpot.setVMOption(HeapAtRest.FLAG, before);
        }
    }

    @Test
    void aRatioOutsideTheLaunchersBoundsIsIgnored() {
        for (int outside : new int[] {5, 50}) {
            HeapAtRest ignored = new HeapAtRest(outside, launchersRatio());
            ignored.listen();
            assertFalse(ignored.listening(), outside + "% lies outside 10-40%");
        }
        HeapAtRest taken = new HeapAtRest(20, launchersRatio());
        taken.listen();
        assertTrue(taken.listening());
    }

    /** The launcher's: 40% free at most, 10% at least. */
    private HeapAtRest.Ratio launchersRatio() {
        return new HeapAtRest.Ratio() {
            @Override
            public int current() {
                return 40;
            }

            @Override
            public int floor() {
                return 10;
            }

            @Override
            public void set(int percent) {
                set.add(percent);
            }
        };
    }

    private static MemoryUsage usage(long used) {
        return new MemoryUsage(0, used, used, -1);
    }
}
