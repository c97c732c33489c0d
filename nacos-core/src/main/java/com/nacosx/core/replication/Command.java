package com.nacosx.core.replication;

import java.util.concurrent.CompletableFuture;

/**
 * A write to state that a cluster replicates: a value that every node applies to its own
 * {@code T} (the registry, the config writer) in the same order. Each command says what applying
 * it yields, so its submitter gets a typed answer; a module's commands form one sealed family,
 * whose records each implement {@link #applyTo} (Java 17 has no switch over sealed types; the
 * compiler's check that every record implements it is the same exhaustiveness).
 *
 * @param <T> what the command is applied to
 * @param <R> what applying it yields
 */
public interface Command<T, R> {

    /**
     * Applies the command on this node. The future completes once the change is in place (it may
     * be already complete); a refusal completes it exceptionally or is thrown.
     */
    CompletableFuture<R> applyTo(T target);
}
