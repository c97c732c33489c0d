package com.nacosx.core.remote;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.core.ErrorResponse;
import com.nacosx.core.auth.Access;
import java.util.concurrent.CompletableFuture;

/**
 * Serves one request type over gRPC. Each module lists its handlers in its
 * {@link com.nacosx.core.ModuleDoors}; the dispatcher finds them by the request's simple class name.
 */
public interface RequestHandler<R extends Request> {

    Class<R> requestType();

    /**
     * Serves the request. A {@link com.nacosx.api.exception.NacosException} thrown here is answered
     * as {@link #failure()} marked with the exception's status and message.
     */
    Response handle(R request, RequestMeta meta);

    /**
     * Serves the request without holding the calling thread until the answer is known; the
     * dispatcher calls this. By default the answer of {@link #handle}. A handler whose work
     * completes elsewhere (on another thread, or a later event) is an
     * {@link AsyncRequestHandler} and returns its future instead.
     */
    default CompletableFuture<Response> handleAsync(R request, RequestMeta meta) {
        return CompletableFuture.completedFuture(handle(request, meta));
    }

    /**
     * Whether the handler may block (database, locks, waiting on peers). Non-blocking handlers run
     * on the gRPC event loop; blocking ones on the worker pool.
     */
    default boolean blocking() {
        return false;
    }

    /** Whether serving this request may block; by default the same for every request of the type. */
    default boolean blocking(R request) {
        return blocking();
    }

    /**
     * Whether only peer nodes may send this request: it is then served on the cluster port alone
     * and refused on the SDK port, which clients reach.
     */
    default boolean peersOnly() {
        return false;
    }

    /**
     * What the request needs when auth is on. A handler that does not say is for admins only, so
     * one added without thought is closed rather than open.
     */
    default Access<R> access() {
        return Access.admin();
    }

    /**
     * The control point the request counts against (the official names, such as
     * {@code ConfigPublish}); null for none.
     */
    default String tpsPoint() {
        return null;
    }

    /** The response to fill when the request fails: the type the client casts the answer to. */
    default Response failure() {
        return new ErrorResponse();
    }
}
