package com.nacosx.core.util;

import java.util.function.Supplier;

/**
 * A value made the first time it is asked for, once. For what a node may never need and costs time
 * or memory to make: an HTTP client builds the JVM's TLS context and starts a selector thread,
 * about 0.1 s of a start, for peers or health checks many nodes never have.
 */
public final class MadeOnFirstUse<T> implements Supplier<T> {

    private final Supplier<T> maker;
    private volatile T value;

    public MadeOnFirstUse(Supplier<T> maker) {
        this.maker = maker;
    }

    @Override
    public T get() {
        T made = value;
        if (made == null) {
            synchronized (this) {
                made = value;
                if (made == null) {
                    made = maker.get();
                    value = made;
                }
            }
        }
        return made;
    }
}
