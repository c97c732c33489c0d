package com.nacosx.core.remote;

/** Told when a connection goes, so modules can drop what it held. Must not block. */
public interface ConnectionListener {

    void disconnected(Connection connection);
}
