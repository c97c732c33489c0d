package com.nacosx.core.util;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ElasticPoolTest {

    private ElasticPool pool;

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void tasksThatComeOneAfterAnotherShareOneThread() throws Exception {
        pool = new ElasticPool(8, 100, Duration.ofMinutes(1), DaemonThreads.named("test-pool-in-turn"));
        for (int i = 0; i < 50; i++) {
            pool.submit(() -> { }).get(30, TimeUnit.SECONDS);
            waitUntil(() -> allWaitingForWork("test-pool-in-turn"));
        }
        assertEquals(1, pool.getPoolSize());
        assertEquals(1, pool.getLargestPoolSize());
    }

    @Test
    void busyThreadsBringNewOnesUpToTheMostThenTasksWait() throws Exception {
        pool = new ElasticPool(3, 100, Duration.ofMinutes(1), DaemonThreads.named("test-pool"));
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        List<Future<?>> tasks = submitHeldUntil(release, running, 5);
        waitUntil(() -> running.get() == 3);
        assertEquals(3, pool.getPoolSize());
        assertEquals(2, pool.getQueue().size());
        release.countDown();
        for (Future<?> task : tasks) {
            task.get(30, TimeUnit.SECONDS);
        }
        assertEquals(5, running.get());
    }

    @Test
    void aFullPoolRefusesWithAClearErrorAndKeepsWhatItTook() throws Exception {
        pool = new ElasticPool(1, 1, Duration.ofMinutes(1), DaemonThreads.named("test-pool"));
        CountDownLatch release = new CountDownLatch(1);
        Future<?> running = submitHeldUntil(release, new AtomicInteger(), 1).get(0);
        waitUntil(() -> pool.getActiveCount() == 1);
        AtomicInteger ranAfter = new AtomicInteger();
        Future<?> waiting = pool.submit(ranAfter::incrementAndGet);
        RejectedExecutionException refused = assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
        assertTrue(refused.getMessage().contains("overloaded, retry later"), refused.getMessage());
        release.countDown();
        running.get(30, TimeUnit.SECONDS);
        waiting.get(30, TimeUnit.SECONDS);
        assertEquals(1, ranAfter.get());
    }

    @Test
    void threadsEndOnceIdle() throws Exception {
        pool = new ElasticPool(4, 100, Duration.ofMillis(50), DaemonThreads.named("test-pool"));
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        submitHeldUntil(release, running, 4);
        waitUntil(() -> running.get() == 4);
        assertEquals(4, pool.getPoolSize());
        release.countDown();
        waitUntil(() -> pool.getPoolSize() == 0);
        pool.submit(() -> { }).get(30, TimeUnit.SECONDS);
    }

    /** Submits {@code count} tasks, each counted in {@code running} as it starts and held until {@code release}. */
    private List<Future<?>> submitHeldUntil(CountDownLatch release, AtomicInteger running, int count) {
        List<Future<?>> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(pool.submit(() -> {
                running.incrementAndGet();
                release.await();
                return null;
            }));
        }
        return tasks;
    }

    /** Whether every live thread named {@code name} is parked waiting for a task. */
    private static boolean allWaitingForWork(String name) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals(name))
                .allMatch(thread -> thread.getState() == Thread.State.TIMED_WAITING
                        || thread.getState() == Thread.State.WAITING);
    }

    /** Waits for a condition, however loaded the machine, for up to a minute. */
    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "the condition did not hold within a minute");
            Thread.sleep(5);
        }
    }
}
