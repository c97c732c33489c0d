package com.nacosx.core.raft;

import com.alipay.sofa.jraft.util.NamedThreadFactory;
import com.alipay.sofa.jraft.util.SPI;
import com.alipay.sofa.jraft.util.timer.DefaultRaftTimerFactory;
import com.alipay.sofa.jraft.util.timer.HashedWheelTimer;
import com.alipay.sofa.jraft.util.timer.Timer;
import java.util.concurrent.TimeUnit;

/**
 * The wheel timers JRaft makes, ticking every 50 ms instead of every millisecond. A wheel timer's
 * thread wakes at every tick whether a timeout is due or not. The groups' election, vote,
 * step-down and snapshot timers are JRaft's shared scheduled pools ({@link RaftGroup}), which do not
 * tick; what remained was JRaft's read-index timeout scanner, started at the first linearizable
 * read and never stopped, which cost each node 1-2% of a core, idle or under load
 * (bench/RESULTS.md). Its timeouts are a quarter of a second to seconds long, so a 50 ms tick
 * moves none noticeably. JRaft finds this factory through {@code META-INF/services} and prefers it to the
 * stock one by its higher priority.
 */
@SPI(priority = 1)
public class RaftTimers extends DefaultRaftTimerFactory {

    private static final long TICK_MILLIS = 50;
    /** A wheel turn of ~25 s: longer timeouts wait whole turns, as they do at the stock tick. */
    private static final int TICKS_PER_WHEEL = 512;

    @Override
    public Timer createTimer(String name) {
        return new HashedWheelTimer(new NamedThreadFactory(name, true), TICK_MILLIS, TimeUnit.MILLISECONDS,
                TICKS_PER_WHEEL);
    }
}
