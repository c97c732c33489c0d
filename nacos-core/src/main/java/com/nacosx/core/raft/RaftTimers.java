package com.nacosx.core.raft;

import com.alipay.sofa.jraft.util.NamedThreadFactory;
import com.alipay.sofa.jraft.util.SPI;
import com.alipay.sofa.jraft.util.timer.DefaultRaftTimerFactory;
import com.alipay.sofa.jraft.util.timer.HashedWheelTimer;
import com.alipay.sofa.jraft.util.timer.Timer;
import java.util.concurrent.TimeUnit;

/**
 * JRaft's timers, ticking every 10 ms instead of every millisecond. A wheel timer's thread wakes
 * at every tick whether a timeout is due or not, and JRaft's read-index timeout scanner, started at
 * a group's first linearizable read and never stopped, cost each node 1-2% of a core that way,
 * idle or under load (bench/RESULTS.md). The timeouts JRaft sets are hundreds of milliseconds and
 * more (read-index 2 s, elections seconds), so a 10 ms tick moves none of them noticeably. JRaft
 * finds this factory through {@code META-INF/services} and prefers it to the stock one by its
 * higher priority.
 */
@SPI(priority = 1)
public class RaftTimers extends DefaultRaftTimerFactory {

    static final long TICK_MILLIS = 10;
    /** A wheel turn of ~20 s: longer timeouts wait whole turns, as they do at the stock tick. */
    private static final int TICKS_PER_WHEEL = 2048;

    @Override
    public Timer createTimer(String name) {
        return new HashedWheelTimer(new NamedThreadFactory(name, true), TICK_MILLIS, TimeUnit.MILLISECONDS,
                TICKS_PER_WHEEL);
    }
}
