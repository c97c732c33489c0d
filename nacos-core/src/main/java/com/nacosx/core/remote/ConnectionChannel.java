package com.nacosx.core.remote;

/** The way down to one client: its bi-stream. Implementations are safe to call from any thread. */
public interface ConnectionChannel {

    /** @return false when the channel is closed or the send failed */
    boolean send(OutboundPush push);

    /** Ends the stream and closes the transport; idempotent. */
    void close();
}
