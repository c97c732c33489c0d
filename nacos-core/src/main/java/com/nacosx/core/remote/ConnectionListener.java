package com.nacosx.core.remote;

/**
 * Told when a connection goes, so modules can drop what it held. Told on the thread that closed
 * it (a gRPC event loop or the connection prober): must not block. A listener that throws is
 * logged and the others are still told.
 */
public interface ConnectionListener {

    void disconnected(Connection connection);
}
