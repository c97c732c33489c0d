package com.nacosx.core.remote;

import com.nacosx.api.remote.ServerRequest;

/** The way down to one client: its bi-stream. Implementations are safe to call from any thread. */
public interface ConnectionChannel {

    /** @return false when the channel is closed or the send failed */
    boolean send(ServerRequest request);

    /** Ends the stream and closes the transport; idempotent. */
    void close();
}
