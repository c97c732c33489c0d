package com.nacosx.core.jvm;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.Map;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * A node at rest keeps less heap than a busy one. The launcher's growing heap gives back, at the end
 * of each concurrent cycle, what is over 40% free ({@code -XX:MaxHeapFreeRatio}). A busy node needs
 * that headroom: with 20% config query over gRPC was 5-12% slower. At rest it is held for nothing:
 * under bench/cluster-side-by-side.sh's held load the nodes kept 80-90 MB committed for 45-60 MB
 * used. So while the young generation fills slowly ({@link #REST_BYTES_PER_SECOND}), the ratio is
 * {@value #PROPERTY} (the launcher gives 20), and back to the launcher's once it fills fast
 * ({@link #BUSY_BYTES_PER_SECOND}); between the two it stays as it is. The flag is manageable, and
 * both collectors the launcher picks read it whenever they resize the heap (G1 at the end of a
 * concurrent cycle).
 * <p>
 * The rate is judged at the end of each young collection, from what Eden held and the time since
 * the one before; nothing runs between collections.
 */
@Component
public class HeapAtRest {

    static final String PROPERTY = "nacos.jvm.heap-free-at-rest";
    static final String FLAG = "MaxHeapFreeRatio";
    /** Under the held load at rest a node's Eden filled at under 1 MB/s. */
    static final long REST_BYTES_PER_SECOND = 4L << 20;
    /** A node serving requests fills it at tens to hundreds of MB/s. */
    static final long BUSY_BYTES_PER_SECOND = 16L << 20;
    private static final Logger LOG = LoggerFactory.getLogger(HeapAtRest.class);
    private static final String YOUNG_COLLECTION = "end of minor GC";

    private final Integer restingRatio;
    private final Ratio ratio;
    private long lastYoungCollectionEndMillis = -1;
    private boolean resting;
    private volatile boolean listening;

    @Autowired
    public HeapAtRest(Environment environment) {
        this(environment.getProperty(PROPERTY, Integer.class), new JvmFlagRatio());
    }

    HeapAtRest(Integer restingRatio, Ratio ratio) {
        this.restingRatio = restingRatio;
        this.ratio = ratio;
    }

    /** The JVM's {@value #FLAG}, read and set, and the {@code MinHeapFreeRatio} it may not go below. */
    interface Ratio {
        int current();

        int floor();

        void set(int percent);
    }

    @EventListener(ApplicationStartedEvent.class)
    public void listen() {
        if (restingRatio == null) {
            return;
        }
        int busyRatio = ratio.current();
        if (restingRatio < ratio.floor() || restingRatio > busyRatio) {
            LOG.warn("heap: {}={} ignored: it must lie between -XX:MinHeapFreeRatio ({}) and -XX:MaxHeapFreeRatio "
                    + "({}); the heap keeps {}% free at rest too", PROPERTY, restingRatio, ratio.floor(), busyRatio,
                    busyRatio);
            return;
        }
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener((notification, handback) -> collected(notification, busyRatio),
                        notification -> GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION
                                .equals(notification.getType()), null);
            }
        }
        listening = true;
        LOG.info("heap: over {}% free given back while the node is at rest, over {}% while it is busy",
                restingRatio, busyRatio);
    }

    boolean listening() {
        return listening;
    }

    private void collected(Notification notification, int busyRatio) {
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo
                .from((CompositeData) notification.getUserData());
        if (YOUNG_COLLECTION.equals(info.getGcAction())) {
            youngCollectionEnded(info.getGcInfo().getEndTime(), edenBytes(info.getGcInfo().getMemoryUsageBeforeGc()),
                    busyRatio);
        }
    }

    /** Called at the end of each young collection, {@code endMillis} after the JVM started. */
    synchronized void youngCollectionEnded(long endMillis, long edenBytesBefore, int busyRatio) {
        long since = endMillis - lastYoungCollectionEndMillis;
        boolean first = lastYoungCollectionEndMillis < 0;
        lastYoungCollectionEndMillis = endMillis;
        if (first || since <= 0) {
            return;
        }
        long bytesPerSecond = edenBytesBefore * 1000 / since;
        if (!resting && bytesPerSecond < REST_BYTES_PER_SECOND) {
            resting = true;
            ratio.set(restingRatio);
            LOG.info("heap: the node is at rest (Eden filled at {} KB/s); giving back what is over {}% free",
                    bytesPerSecond >> 10, restingRatio);
        } else if (resting && bytesPerSecond > BUSY_BYTES_PER_SECOND) {
            resting = false;
            ratio.set(busyRatio);
            LOG.info("heap: the node is busy (Eden filled at {} MB/s); giving back what is over {}% free",
                    bytesPerSecond >> 20, busyRatio);
        }
    }

    /** What the Eden spaces held, whatever the collector calls them ("G1 Eden Space", "Eden Space"). */
    static long edenBytes(Map<String, MemoryUsage> usageByPool) {
        return usageByPool.entrySet().stream()
                .filter(pool -> pool.getKey().contains("Eden"))
                .mapToLong(pool -> pool.getValue().getUsed())
                .sum();
    }

    private static final class JvmFlagRatio implements Ratio {

        private final HotSpotDiagnosticMXBean hotSpot =
                ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);

        @Override
        public int current() {
            return Integer.parseInt(hotSpot.getVMOption(FLAG).getValue());
        }

        @Override
        public int floor() {
            return Integer.parseInt(hotSpot.getVMOption("MinHeapFreeRatio").getValue());
        }

        @Override
        public void set(int percent) {
            hotSpot.setVMOption(FLAG, Integer.toString(percent));
        }
    }
}
