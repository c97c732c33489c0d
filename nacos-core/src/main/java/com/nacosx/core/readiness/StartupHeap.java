package com.nacosx.core.readiness;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * One full collection right before a node opens its client port moves what its start built (the
 * Spring context, the data loaded so far) to the old generation while no client waits on it. Left
 * to the young collections under load, that data is copied twice, into a survivor space and then
 * into the old generation: with the report's fixed heaps (a 1 GB young generation) a node's first
 * two young pauses under 14,000 1.x clients took 0.18-0.56 s, its later ones 0.01-0.06 s
 * (bench/upgrade.sh). A heap that grows from 64 MB, the launcher's default, has a young generation
 * of a few regions: the start's young collections have moved its data already, the collection took
 * 0.11-0.18 s of a cluster node's restart and the young pauses after it were no shorter (6-27 ms
 * with it, 11-23 ms without, two restarts each). So the heap is collected only when its young
 * generation holds more than {@link #WORTH_COLLECTING_BYTES}. {@code -XX:+DisableExplicitGC} turns
 * it off.
 */
public final class StartupHeap {

    /** About what the full collection itself takes to copy here, were all of it live. */
    static final long WORTH_COLLECTING_BYTES = 64L << 20;

    private StartupHeap() {
    }

    public static void collect() {
        collect(StartupHeap::youngGenerationUsed, System::gc);
    }

    static void collect(LongSupplier youngUsed, Runnable collection) {
        long young = youngUsed.getAsLong();
        if (young > WORTH_COLLECTING_BYTES) {
            StartupStep.timed("collecting the heap the start left", collection);
        } else {
            StartupStep.LOG.info("not collecting the heap the start left: its young generation holds {} MB",
                    young >> 20);
        }
    }

    /** Eden and survivor spaces, whatever their collector calls them, or a generational ZGC's young generation. */
    static List<MemoryPoolMXBean> youngPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP)
                .filter(pool -> {
                    String name = pool.getName().toLowerCase(Locale.ROOT);
                    return name.contains("eden") || name.contains("survivor") || name.contains("young");
                })
                .toList();
    }

    private static long youngGenerationUsed() {
        return youngPools().stream().mapToLong(pool -> pool.getUsage().getUsed()).sum();
    }
}
