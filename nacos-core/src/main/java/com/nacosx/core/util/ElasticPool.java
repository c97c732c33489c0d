package com.nacosx.core.util;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pool that starts a thread only when every thread it has is busy, queues once it has its most,
 * and ends a thread that has waited {@code idle} for work. A plain {@link ThreadPoolExecutor}
 * starts a thread for each task until it holds its core size, idle threads beside it: at rest
 * under the held cluster load the SDK port kept 24 of its 32 workers alive for a few blocking
 * requests a second, and the Raft port 13 of JRaft's 20, each thread's stack and bookkeeping
 * resident (~100 KB).
 */
public final class ElasticPool extends ThreadPoolExecutor {

    public ElasticPool(int maxThreads, int queueCapacity, Duration idle, ThreadFactory threads) {
        super(0, maxThreads, idle.toMillis(), TimeUnit.MILLISECONDS, new FreeThreadFirst(queueCapacity), threads,
                (task, pool) -> ((ElasticPool) pool).queueOrRefuse(task));
    }

    /** Every thread is busy and the pool holds its most: the task waits in the queue, if it has room. */
    private void queueOrRefuse(Runnable task) {
        if (isShutdown() || !((FreeThreadFirst) getQueue()).enqueue(task)) {
            throw new RejectedExecutionException("all " + getMaximumPoolSize() + " threads are busy and "
                    + getQueue().size() + " tasks wait; the server is overloaded, retry later");
        }
    }

    /**
     * Takes a task when a thread is waiting on it for work, and otherwise declines it, so that the
     * executor starts a thread; once the pool holds its most, the refusal handler queues it. The
     * waiting threads are counted here, without the executor's lock, since every task asks.
     */
    private static final class FreeThreadFirst extends LinkedBlockingQueue<Runnable> {

        private final AtomicInteger waitingThreads = new AtomicInteger();

        FreeThreadFirst(int capacity) {
            super(capacity);
        }

        @Override
        public boolean offer(Runnable task) {
            return waitingThreads.get() > 0 && super.offer(task);
        }

        boolean enqueue(Runnable task) {
            return super.offer(task);
        }

        @Override
        public Runnable poll(long timeout, TimeUnit unit) throws InterruptedException {
            return counted(() -> super.poll(timeout, unit));
        }

        @Override
        public Runnable take() throws InterruptedException {
            return counted(super::take);
        }

        private Runnable counted(Wait wait) throws InterruptedException {
            waitingThreads.incrementAndGet();
            try {
                return wait.next();
            } finally {
                waitingThreads.decrementAndGet();
            }
        }

        private interface Wait {
            Runnable next() throws InterruptedException;
        }
    }
}
