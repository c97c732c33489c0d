package com.nacosx.core.remote;

import java.util.List;

/** The way down to one client: its bi-stream. Implementations are safe to call from any thread. */
public interface ConnectionChannel {

    /**
     * Sends pushes in order, together: where the transport can, they leave in one network write.
     *
     * @return false when the channel is closed or the send failed
     */
    boolean send(List<OutboundPush> pushes);

    /** Ends the stream and closes the transport; idempotent. */
    void close();
}
