package com.nacosx.core.remote;

/** Told when connections come and go, so modules can drop what a connection held. Must not block. */
public interface ConnectionListener {

    default void connected(Connection connection) {
    }

    void disconnected(Connection connection);
}
