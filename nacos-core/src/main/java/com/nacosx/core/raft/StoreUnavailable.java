package com.nacosx.core.raft;

import java.io.IOException;
import java.sql.SQLException;

/**
 * An entry could not be applied for a reason of this node's own, not of the entry: the disk is
 * full, the database is closed or unreachable. Every other node applies the entry; this one must
 * not go on without it.
 */
final class StoreUnavailable extends RuntimeException {

    StoreUnavailable(Throwable cause) {
        super(cause.getMessage(), cause);
    }

    /**
     * Whether {@code failure} came from the store's surroundings: an I/O error, or a SQL state of a
     * lost connection ({@code 08}) or of Derby's log and data files ({@code XSL}, {@code XSD}: a full
     * disk among them).
     */
    static boolean isCause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException) {
                return true;
            }
            if (cause instanceof SQLException sql) {
                for (SQLException each = sql; each != null; each = each.getNextException()) {
                    String state = each.getSQLState();
                    if (state != null && (state.startsWith("08") || state.startsWith("XSL") || state.startsWith("XSD"))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
