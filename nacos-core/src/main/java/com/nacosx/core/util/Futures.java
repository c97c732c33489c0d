package com.nacosx.core.util;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** Waiting for a future as if its work had run on the caller's thread, and futures made later. */
public final class Futures {

    private Futures() {
    }

    /**
     * The future's value; a failure is rethrown as itself when it is unchecked (a refused write
     * reaches the caller as the NacosException it was), else wrapped.
     */
    public static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = causeOf(e);
            if (cause instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** The futures' values in their order, once every one has its value; fails as soon as one fails. */
    public static <T> CompletableFuture<List<T>> all(List<CompletableFuture<T>> futures) {
        return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new))
                .thenApply(done -> futures.stream().map(CompletableFuture::join).toList());
    }

    /**
     * The future {@code next} makes once {@code delayMillis} have passed, made on the common pool:
     * a retry that waits instead of spinning, with no thread held while it waits.
     */
    public static <T> CompletableFuture<T> after(long delayMillis, Supplier<CompletableFuture<T>> next) {
        return CompletableFuture.supplyAsync(next, CompletableFuture.delayedExecutor(delayMillis, TimeUnit.MILLISECONDS))
                .thenCompose(made -> made);
    }

    /** What really failed, under the wrappers CompletableFuture puts around it. */
    public static Throwable causeOf(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
