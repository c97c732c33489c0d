package com.nacosx.core.raft;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alipay.sofa.jraft.JRaftUtils;
import com.alipay.sofa.jraft.util.timer.Timer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RaftTimersTest {

    @Test
    void jraftTakesItsTimersFromOurFactory() {
        assertInstanceOf(RaftTimers.class, JRaftUtils.raftTimerFactory());
    }

    @Test
    void aTimeoutFiresNoEarlierThanItsDelay() throws InterruptedException {
        Timer timer = new RaftTimers().createTimer("raft-timers-test");
        try {
            CountDownLatch fired = new CountDownLatch(1);
            long[] firedAfterNanos = new long[1];
            long start = System.nanoTime();
            timer.newTimeout(timeout -> {
                firedAfterNanos[0] = System.nanoTime() - start;
                fired.countDown();
            }, 30, TimeUnit.MILLISECONDS);
            assertTrue(fired.await(1, TimeUnit.MINUTES), "the timeout never fired");
            assertTrue(firedAfterNanos[0] >= TimeUnit.MILLISECONDS.toNanos(30),
                    "fired after " + firedAfterNanos[0] + " ns, before its 30 ms");
        } finally {
            timer.stop();
        }
    }
}
