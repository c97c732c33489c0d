package com.nacosx.config.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Group commit against a real (in-memory) Derby: order, after-commit steps, and failures kept apart. */
class WriteBatcherTest {

    private HikariDataSource dataSource;
    private JdbcTemplate jdbc;
    private WriteBatcher batcher;

    @BeforeEach
    void start() {
        System.setProperty("derby.stream.error.file", "target/derby.log");
        HikariConfig pool = new HikariConfig();
        pool.setJdbcUrl("jdbc:derby:memory:batcher" + System.nanoTime() + ";create=true");
        pool.setMaximumPoolSize(4);
        dataSource = new HikariDataSource(pool);
        jdbc = new JdbcTemplate(dataSource);
        jdbc.execute("CREATE TABLE t (k INT PRIMARY KEY, v INT)");
        batcher = new WriteBatcher(new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
                new NarrowCharsetColumns(dataSource));
    }

    @AfterEach
    void stop() {
        batcher.destroy();
        dataSource.close();
    }

    @Test
    void writesCommitAndTheirAfterCommitStepsRunInSubmissionOrderOnOneThread() throws Exception {
        CountDownLatch hold = holdWriter();
        List<Integer> afterCommit = Collections.synchronizedList(new ArrayList<>());
        List<String> threads = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Integer>> writes = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            int k = i;
            writes.add(batcher.submit(() -> jdbc.update("INSERT INTO t VALUES (?, ?)", k, k * 10), rows -> {
                assertEquals(k * 10, jdbc.queryForObject("SELECT v FROM t WHERE k = ?", Integer.class, k));
                afterCommit.add(k);
                threads.add(Thread.currentThread().getName());
            }));
        }
        hold.countDown();
        for (CompletableFuture<Integer> write : writes) {
            assertEquals(1, write.get(10, TimeUnit.SECONDS));
        }
        assertEquals(IntStream.range(0, 20).boxed().toList(), afterCommit);
        assertEquals(1, threads.stream().distinct().count());
        assertEquals(20, jdbc.queryForObject("SELECT COUNT(*) FROM t", Integer.class));
    }

    @Test
    void aRefusedWriteFailsAloneAndTheRestOfItsBatchCommits() throws Exception {
        CountDownLatch hold = holdWriter();
        CompletableFuture<Integer> before = batcher.submit(() -> jdbc.update("INSERT INTO t VALUES (1, 1)"), r -> { });
        CompletableFuture<Integer> refused = batcher.submit(() -> {
            jdbc.update("INSERT INTO t VALUES (2, 2)");
            throw new NacosException(NacosException.CONFLICT, ErrorCode.RESOURCE_CONFLICT, "refused");
        }, r -> { });
        CompletableFuture<Integer> after = batcher.submit(() -> jdbc.update("INSERT INTO t VALUES (3, 3)"), r -> { });
        hold.countDown();
        assertEquals(1, before.get(10, TimeUnit.SECONDS));
        assertEquals(1, after.get(10, TimeUnit.SECONDS));
        ExecutionException failure = assertThrows(ExecutionException.class, () -> refused.get(10, TimeUnit.SECONDS));
        assertInstanceOf(NacosException.class, failure.getCause());
        assertEquals(List.of(1, 3), jdbc.queryForList("SELECT k FROM t ORDER BY k", Integer.class));
    }

    /** A caller's value the database will not take (here a duplicate key) must not fail its neighbours. */
    @Test
    void aWriteWhoseStatementFailsFailsAloneAndTheRestOfItsBatchCommits() throws Exception {
        CountDownLatch hold = holdWriter();
        CompletableFuture<Integer> before = batcher.submit(() -> jdbc.update("INSERT INTO t VALUES (1, 1)"), r -> { });
        CompletableFuture<Integer> bad = batcher.submit(() -> jdbc.update("INSERT INTO t VALUES (1, 9)"), r -> { });
        CompletableFuture<Integer> after = batcher.submit(() -> jdbc.update("INSERT INTO t VALUES (3, 3)"), r -> { });
        hold.countDown();
        assertEquals(1, before.get(10, TimeUnit.SECONDS));
        assertEquals(1, after.get(10, TimeUnit.SECONDS));
        ExecutionException failure = assertThrows(ExecutionException.class, () -> bad.get(10, TimeUnit.SECONDS));
        assertInstanceOf(DataIntegrityViolationException.class, failure.getCause());
        assertEquals(List.of(1, 3), jdbc.queryForList("SELECT k FROM t ORDER BY k", Integer.class));
        assertEquals(1, jdbc.queryForObject("SELECT v FROM t WHERE k = 1", Integer.class));
    }

    /**
     * Another transaction (as another node's on a shared database) holds the row past Derby's lock
     * wait: the write is rolled back, runs again once that transaction is done, and commits.
     */
    @Test
    void aWriteThatLostALockToAnotherTransactionRunsAgainAndCommits() throws Exception {
        jdbc.update("INSERT INTO t VALUES (1, 1)");
        jdbc.execute("CALL SYSCS_UTIL.SYSCS_SET_DATABASE_PROPERTY('derby.locks.waitTimeout', '2')");
        CountDownLatch lost = new CountDownLatch(1);
        AtomicInteger attempts = new AtomicInteger();
        CompletableFuture<Integer> write;
        try (Connection other = dataSource.getConnection()) {
            other.setAutoCommit(false);
            other.createStatement().executeUpdate("UPDATE t SET v = 2 WHERE k = 1");
            write = batcher.submit(() -> {
                attempts.incrementAndGet();
                try {
                    return jdbc.update("UPDATE t SET v = 3 WHERE k = 1");
                } catch (PessimisticLockingFailureException e) {
                    lost.countDown();
                    throw e;
                }
            }, r -> { });
            assertTrue(lost.await(30, TimeUnit.SECONDS), "the write waits for the lock, then loses it");
            other.commit();
        }
        assertEquals(1, write.get(30, TimeUnit.SECONDS));
        assertEquals(2, attempts.get());
        assertEquals(3, jdbc.queryForObject("SELECT v FROM t WHERE k = 1", Integer.class));
    }

    @Test
    void aWriteThatKeepsLosingLocksFailsWithAConflictThatSaysWhatToDo() {
        AtomicInteger attempts = new AtomicInteger();
        CompletableFuture<Integer> write = batcher.submit(() -> {
            attempts.incrementAndGet();
            throw new PessimisticLockingFailureException("Deadlock found when trying to get lock");
        }, r -> { });
        ExecutionException failure = assertThrows(ExecutionException.class, () -> write.get(10, TimeUnit.SECONDS));
        NacosException conflict = assertInstanceOf(NacosException.class, failure.getCause());
        assertEquals(ErrorCode.RESOURCE_CONFLICT, conflict.errorCode());
        assertTrue(conflict.getMessage().contains("write again"), conflict.getMessage());
        assertEquals(WriteBatcher.LOCK_ATTEMPTS, attempts.get());
    }

    @Test
    void aFailingAfterCommitStepFailsOnlyItsOwnWrite() throws Exception {
        IllegalStateException broken = new IllegalStateException("cache update failed");
        CompletableFuture<Integer> failing = batcher.submit(() -> jdbc.update("INSERT INTO t VALUES (1, 1)"), r -> {
            throw broken;
        });
        ExecutionException failure = assertThrows(ExecutionException.class, () -> failing.get(10, TimeUnit.SECONDS));
        assertSame(broken, failure.getCause());
        assertEquals(1, batcher.submit(() -> jdbc.update("INSERT INTO t VALUES (2, 2)"), r -> { })
                .get(10, TimeUnit.SECONDS));
        assertEquals(2, jdbc.queryForObject("SELECT COUNT(*) FROM t", Integer.class));
    }

    @Test
    void afterShutdownAWriteFailsWithAMessageThatSaysWhy() {
        batcher.destroy();
        CompletableFuture<Integer> late = batcher.submit(() -> jdbc.update("INSERT INTO t VALUES (1, 1)"), r -> { });
        ExecutionException failure = assertThrows(ExecutionException.class, () -> late.get(10, TimeUnit.SECONDS));
        assertTrue(failure.getCause().getMessage().contains("shutting down"));
    }

    /** Parks the writer in a write of its own until the latch is released, so the next writes queue into one batch. */
    private CountDownLatch holdWriter() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        batcher.submit(() -> {
            started.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        }, r -> { });
        assertTrue(started.await(10, TimeUnit.SECONDS));
        return release;
    }
}
