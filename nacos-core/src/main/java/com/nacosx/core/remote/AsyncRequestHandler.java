package com.nacosx.core.remote;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.core.util.Futures;
import java.util.concurrent.CompletableFuture;

/**
 * A handler whose answer is known only later (a write's commit, a route's answer): it serves the
 * request in {@link #handleAsync}, which the dispatcher calls from the event loop, and no thread
 * waits for it.
 */
public interface AsyncRequestHandler<R extends Request> extends RequestHandler<R> {

    @Override
    CompletableFuture<Response> handleAsync(R request, RequestMeta meta);

    /** The answer, waited for: for a direct caller only, as the dispatcher never blocks on it. */
    @Override
    default Response handle(R request, RequestMeta meta) {
        return Futures.join(handleAsync(request, meta));
    }
}
