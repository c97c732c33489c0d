package com.nacosx.config.store;

import com.nacosx.core.util.DaemonThreads;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pool of the embedded Derby; closing it also shuts the database down cleanly. The database is
 * opened on a thread of its own while the rest of the server is built (the open took 0.6-1.1 s of
 * a 4-5 s start, on the main thread); the first connection waits for it and fails with what the
 * open failed with.
 */
final class DerbyDataSource extends HikariDataSource {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    /** Derby: a read-only database cannot make a connection writable. */
    private static final String READ_ONLY_DATABASE = "25505";
    private final String shutdownUrl;
    private final Runnable afterCleanShutdown;
    private final CompletableFuture<Void> opened = new CompletableFuture<>();

    /**
     * @param afterCleanShutdown runs when {@link #close} shut the database down cleanly
     * @param open               boots the database (and creates it and its tables on a fresh home)
     */
    DerbyDataSource(HikariConfig config, String shutdownUrl, Runnable afterCleanShutdown, Callable<Void> open) {
        config.copyStateTo(this);
        this.shutdownUrl = shutdownUrl;
        this.afterCleanShutdown = afterCleanShutdown;
        DaemonThreads.named("derby-open").newThread(() -> {
            try {
                opened.complete(open.call());
            } catch (Exception | Error failure) {
                opened.completeExceptionally(failure);
            }
        }).start();
    }

    /**
     * A database Derby booted again while its disk was full stays read-only, and no connection
     * can be made writable (SQLState 25505) even once space is freed (found by the fault tests:
     * a follower whose disk filled could not start its Raft group again). Such a database is
     * shut down here, so that the next connection boots it anew.
     */
    @Override
    public Connection getConnection() throws SQLException {
        awaitOpen();
        try {
            return super.getConnection();
        } catch (SQLException failure) {
            if (bootedReadOnly(failure)) {
                LOG.warn("embedded Derby is read-only (its disk was full when it booted): shutting it down so that "
                        + "the next connection boots it again");
                shutDownDatabase();
            }
            throw failure;
        }
    }

    private void awaitOpen() throws SQLException {
        try {
            opened.get();
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            throw new SQLException("the embedded Derby could not be opened: " + cause.getMessage()
                    + "; see logs/derby.log and logs/nacos.log", cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while the embedded Derby opens", e);
        }
    }

    private static boolean bootedReadOnly(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && READ_ONLY_DATABASE.equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** Once the open has ended: shutting down a database while it boots would leave it half made. */
    @Override
    public void close() {
        super.close();
        opened.exceptionally(failure -> null).join();
        if (shutDownDatabase()) {
            afterCleanShutdown.run();
        }
    }

    private boolean shutDownDatabase() {
        SQLException failure = shutDown(shutdownUrl);
        if (failure != null) {
            LOG.warn("embedded Derby did not shut down cleanly: {}", failure.getMessage());
        }
        return failure == null;
    }

    /** Shuts down the database of {@code shutdownUrl}: null when it shut down cleanly, else what Derby answered. */
    static SQLException shutDown(String shutdownUrl) {
        try {
            DriverManager.getConnection(shutdownUrl).close();
        } catch (SQLException answer) {
            // Derby reports a successful shutdown of a database as SQLState 08006.
            return "08006".equals(answer.getSQLState()) ? null : answer;
        }
        return new SQLException("Derby answered " + shutdownUrl + " with a connection");
    }
}
