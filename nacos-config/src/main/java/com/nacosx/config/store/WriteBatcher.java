package com.nacosx.config.store;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Group commit: every database write of this node runs on one writer thread, and the writes that
 * queue up while a commit is in flight share the next transaction, so one commit (one disk sync)
 * serves many publishes. A write that is refused or whose statement fails (a compare-and-set that
 * does not match, a value the database will not take) fails alone: its batch is rolled back and
 * run again one write per transaction, so no caller's bad write fails another's. When a commit
 * itself fails (the database is gone), every write of its batch fails.
 *
 * <p>Writes are applied, and their after-commit steps run, in the order they were submitted, all
 * on the writer thread: what a write does to memory (the config cache) therefore follows the
 * database's order without any lock. Callers get a future and need not wait: an HTTP publish
 * answers from it, so no thread is parked per publish in flight. One writer, not several: on Derby,
 * two writers (each config's writes kept on one of them) made publishes slower, 6.9-7.1k/s against
 * 7.5-7.9k/s with one, as they contend inside Derby and commit smaller batches; a writer that runs
 * the next batch's statements while the other waits for the disk gained nothing either (both
 * measured in alternating runs of the publish load of bench/config-http.sh). Owns the writer
 * thread and stops it on shutdown. A character the database cannot store fails its write with the
 * columns to convert ({@link NarrowCharsetColumns}).
 *
 * <p>On a database the nodes share, two nodes' transactions that write the same config can
 * deadlock (each reads the row for its history copy, then updates it) or wait too long for a lock;
 * the database rolls one back. Such a write is run again in a transaction of its own, up to
 * {@link #LOCK_ATTEMPTS} times: the three-node publish benchmark on MariaDB answered 8 of 33,341
 * publishes with an error before, and none in two runs since.
 */
@Component
public class WriteBatcher implements DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    private static final int MAX_BATCH = 64;
    static final int LOCK_ATTEMPTS = 3;

    private final TransactionTemplate transaction;
    private final NarrowCharsetColumns charsets;
    private final BlockingQueue<Write<?>> queue = new LinkedBlockingQueue<>();
    private final Thread writer;
    private volatile boolean stopped;

    public WriteBatcher(TransactionTemplate transaction, NarrowCharsetColumns charsets) {
        this.transaction = transaction;
        this.charsets = charsets;
        this.writer = new Thread(this::run, "config-db-writer");
        this.writer.setDaemon(true);
        this.writer.start();
    }

    /** Writes queued for the next transaction. */
    public int pending() {
        return queue.size();
    }

    /**
     * Queues {@code work} for a transaction shared with other writes. Once it is committed,
     * {@code afterCommit} gets its result on the writer thread, then the future completes with it.
     * A failure of either fails the future (after a failed commit, {@code afterCommit} is not run).
     */
    public <T> CompletableFuture<T> submit(Supplier<T> work, Consumer<T> afterCommit) {
        Write<T> write = new Write<>(work, afterCommit);
        if (stopped) {
            write.failed(shuttingDown());
        } else {
            queue.add(write);
        }
        return write.done;
    }

    /** Queues {@code work} as {@link #submit(Supplier, Consumer)} does, with nothing to do after the commit. */
    public <T> CompletableFuture<T> submit(Supplier<T> work) {
        return submit(work, result -> { });
    }

    private void run() {
        List<Write<?>> batch = new ArrayList<>(MAX_BATCH);
        while (!stopped) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                return;
            }
            queue.drainTo(batch, MAX_BATCH - 1);
            commit(batch);
            batch.clear();
        }
    }

    private void commit(List<Write<?>> batch) {
        if (batch.size() > 1) {
            try {
                transaction.executeWithoutResult(status -> batch.forEach(Write::applyInBatch));
                batch.forEach(Write::succeeded);
                return;
            } catch (WriteFailed one) {
                LOG.debug("a write of a batch of {} failed ({}); running them one by one", batch.size(),
                        one.getCause().toString());
            } catch (RuntimeException e) {
                LOG.error("a batch of {} writes failed", batch.size(), e);
                RuntimeException explained = charsets.explain(e);
                batch.forEach(write -> write.failed(explained));
                return;
            }
        }
        for (Write<?> write : batch) {
            try {
                applyAlone(write);
            } catch (RuntimeException e) {
                write.failed(charsets.explain(e));
                continue;
            }
            write.succeeded();
        }
    }

    /** Applies the write in a transaction of its own, again when it lost a lock to another transaction. */
    private void applyAlone(Write<?> write) {
        for (int attempt = 1; ; attempt++) {
            try {
                transaction.executeWithoutResult(status -> write.apply());
                return;
            } catch (PessimisticLockingFailureException lost) {
                if (attempt == LOCK_ATTEMPTS) {
                    throw new NacosException(NacosException.CONFLICT, ErrorCode.RESOURCE_CONFLICT, "the database "
                            + "rolled this write back " + LOCK_ATTEMPTS + " times for another write of the same data "
                            + "(a deadlock or a lock wait timeout, as when nodes sharing it write one config at "
                            + "once); write again", lost);
                }
                LOG.debug("a write lost a lock ({}); running it again", lost.getMessage());
            }
        }
    }

    @Override
    public void destroy() {
        stopped = true;
        writer.interrupt();
        List<Write<?>> left = new ArrayList<>();
        queue.drainTo(left);
        left.forEach(write -> write.failed(shuttingDown()));
    }

    private static IllegalStateException shuttingDown() {
        return new IllegalStateException("the server is shutting down; retry on another node");
    }

    /** One write of a batch failed by itself (not the commit): the others deserve a transaction without it. */
    private static final class WriteFailed extends RuntimeException {
        WriteFailed(RuntimeException cause) {
            super(cause);
        }
    }

    /** One caller's write, its outcome inside the batch, and the future the caller gets. */
    private static final class Write<T> {
        final Supplier<T> work;
        final Consumer<T> afterCommit;
        final CompletableFuture<T> done = new CompletableFuture<>();
        T result;

        Write(Supplier<T> work, Consumer<T> afterCommit) {
            this.work = work;
            this.afterCommit = afterCommit;
        }

        void apply() {
            result = work.get();
        }

        /** Applies the write as one of a batch: its own failure is told apart from the commit's. */
        void applyInBatch() {
            try {
                apply();
            } catch (RuntimeException e) {
                throw new WriteFailed(e);
            }
        }

        /** Runs the after-commit step of the committed write and completes the future. */
        void succeeded() {
            try {
                afterCommit.accept(result);
            } catch (RuntimeException e) {
                LOG.error("a committed write failed after its commit", e);
                done.completeExceptionally(e);
                return;
            }
            done.complete(result);
        }

        void failed(RuntimeException e) {
            done.completeExceptionally(e);
        }
    }
}
