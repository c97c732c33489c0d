package com.nacosx.core.auth;

import java.util.List;
import java.util.function.Function;

/**
 * What a request of type {@code T} (an HTTP exchange, a gRPC request) needs when auth is on: nothing
 * ({@link #open}), a signed-in user ({@link #signedIn}), the admin role ({@link #admin}), or the
 * permission to do {@code action} on each resource the request names. Declared beside each route
 * and request handler.
 */
public record Access<T>(Kind kind, Action action, Function<T, List<Resource>> resources) {

    /** How much a request needs. */
    public enum Kind { OPEN, SIGNED_IN, ADMIN, PERMISSION }

    public static <T> Access<T> open() {
        return new Access<>(Kind.OPEN, null, null);
    }

    public static <T> Access<T> signedIn() {
        return new Access<>(Kind.SIGNED_IN, null, null);
    }

    public static <T> Access<T> admin() {
        return new Access<>(Kind.ADMIN, null, null);
    }

    /** The permission to do {@code action} on the one resource the request names. */
    public static <T> Access<T> to(Action action, Function<T, Resource> resource) {
        return new Access<>(Kind.PERMISSION, action, request -> List.of(resource.apply(request)));
    }

    /** The permission to do {@code action} on every resource the request names (a batch). */
    public static <T> Access<T> toEach(Action action, Function<T, List<Resource>> resources) {
        return new Access<>(Kind.PERMISSION, action, resources);
    }
}
