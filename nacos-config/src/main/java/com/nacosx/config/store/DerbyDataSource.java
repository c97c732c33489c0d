package com.nacosx.config.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The pool of the embedded Derby; closing it also shuts the database down cleanly. */
final class DerbyDataSource extends HikariDataSource {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    /** Derby: a read-only database cannot make a connection writable. */
    private static final String READ_ONLY_DATABASE = "25505";
    private final String shutdownUrl;

    DerbyDataSource(HikariConfig config, String shutdownUrl) {
        super(config);
        this.shutdownUrl = shutdownUrl;
    }

    /**
     * A database Derby booted again while its disk was full stays read-only, and no connection
     * can be made writable (SQLState 25505) even once space is freed (found by the fault tests:
     * a follower whose disk filled could not start its Raft group again). Such a database is
     * shut down here, so that the next connection boots it anew.
     */
    @Override
    public Connection getConnection() throws SQLException {
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

    private static boolean bootedReadOnly(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && READ_ONLY_DATABASE.equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        super.close();
        shutDownDatabase();
    }

    private void shutDownDatabase() {
        try {
            DriverManager.getConnection(shutdownUrl).close();
        } catch (SQLException expected) {
            // Derby reports a successful shutdown of a database as SQLState 08006.
            if (!"08006".equals(expected.getSQLState())) {
                LOG.warn("embedded Derby did not shut down cleanly: {}", expected.getMessage());
            }
        }
    }
}
