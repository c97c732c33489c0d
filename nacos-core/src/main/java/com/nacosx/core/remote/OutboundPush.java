package com.nacosx.core.remote;

import com.nacosx.api.remote.ServerRequest;

import java.util.function.Function;

/**
 * A request on its way down one or many client streams. A change pushed to thousands of
 * listeners is one object with one request id (ids are unique across the node, and acks are
 * matched per connection), so the transport encodes it once and every stream sends the same bytes.
 */
public final class OutboundPush {

    private final ServerRequest request;
    private volatile Object encoded;

    OutboundPush(ServerRequest request) {
        this.request = request;
    }

    public ServerRequest request() {
        return request;
    }

    /** The request in the transport's form, encoded by the first stream that sends it. */
    @SuppressWarnings("unchecked")
    public <T> T encoded(Function<ServerRequest, T> encoder) {
        Object form = encoded;
        if (form == null) {
            form = encoder.apply(request);
            encoded = form;
        }
        return (T) form;
    }
}
