package com.nacosx.core.util;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BackgroundRoundsTest {

    /** Rounds that take work handed to them from outside, as a member change listener does. */
    private static final class Rounds extends BackgroundRounds {

        Rounds() {
            super("test-rounds");
        }

        @Override
        protected void scheduleRounds() {
        }

        void hand(Runnable work) {
            once(work);
        }

        void handLater(Runnable work) {
            after(1, TimeUnit.MILLISECONDS, work);
        }
    }

    @Test
    void workHandedOverWhileRunningRunsOnTheRoundsThread() throws InterruptedException {
        Rounds rounds = new Rounds();
        rounds.start();
        CountDownLatch ran = new CountDownLatch(2);
        rounds.hand(ran::countDown);
        rounds.handLater(ran::countDown);
        assertTrue(ran.await(30, TimeUnit.SECONDS), "both pieces of work ran");
        rounds.stop();
    }

    @Test
    void workHandedOverAfterTheStopIsDroppedWithoutFailingTheCaller() {
        Rounds rounds = new Rounds();
        rounds.start();
        rounds.stop();
        AtomicInteger ran = new AtomicInteger();
        assertDoesNotThrow(() -> rounds.hand(ran::incrementAndGet));
        assertDoesNotThrow(() -> rounds.handLater(ran::incrementAndGet));
        assertEquals(0, ran.get());
    }
}
