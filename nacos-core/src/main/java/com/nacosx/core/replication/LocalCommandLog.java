package com.nacosx.core.replication;

import java.util.concurrent.CompletableFuture;

/**
 * Commands applied on this node only: a standalone server, or a cluster whose members share an
 * external store. Submissions are taken one at a time, in the order they arrive; {@code afterApply}
 * runs after each command that applied without a refusal and before its future completes, for a
 * store that must be rewritten before a write is acknowledged (the naming data file). A target
 * that completes later (the config writer's batches) keeps the order it was handed the commands in.
 */
public final class LocalCommandLog<T> implements CommandLog<T> {

    private final T target;
    private final Runnable afterApply;

    public LocalCommandLog(T target, Runnable afterApply) {
        this.target = target;
        this.afterApply = afterApply;
    }

    public LocalCommandLog(T target) {
        this(target, () -> { });
    }

    @Override
    public synchronized <R> CompletableFuture<R> submit(Command<T, R> command) {
        CompletableFuture<R> applied;
        try {
            applied = command.applyTo(target);
        } catch (RuntimeException refused) {
            return CompletableFuture.failedFuture(refused);
        }
        // On a completed future this runs here, under the lock; a failed rewrite fails the submission.
        return applied.thenApply(result -> {
            afterApply.run();
            return result;
        });
    }
}
