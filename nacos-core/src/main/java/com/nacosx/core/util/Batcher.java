package com.nacosx.core.util;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Sends items through a call that takes many at once, with no timer: an item goes at once while
 * fewer than {@code mostInFlight} calls wait for their answers, else with the items that queue
 * behind them, at most {@code mostPerCall} to a call. So an idle sender adds no wait, and a busy
 * one pays a call's own cost once for many items. Thread-safe.
 *
 * @param <T> an item
 * @param <R> an item's answer: the call answers a list of them, one per item and in its order
 */
public final class Batcher<T, R> {

    private record Waiting<T, R>(T item, CompletableFuture<R> answer) {
    }

    private final Function<List<T>, CompletableFuture<List<R>>> call;
    private final int mostInFlight;
    private final int mostPerCall;
    private final Queue<Waiting<T, R>> queued = new ConcurrentLinkedQueue<>();
    private final AtomicInteger inFlight = new AtomicInteger();

    public Batcher(Function<List<T>, CompletableFuture<List<R>>> call, int mostInFlight, int mostPerCall) {
        this.call = call;
        this.mostInFlight = mostInFlight;
        this.mostPerCall = mostPerCall;
    }

    /** The item's answer; fails when its call fails or answers a list of another length. */
    public CompletableFuture<R> send(T item) {
        Waiting<T, R> waiting = new Waiting<>(item, new CompletableFuture<>());
        queued.add(waiting);
        drain();
        return waiting.answer();
    }

    /**
     * Either the sender sees a call's slot freed, or the call that frees it sees the item queued:
     * both write before they look, so no item is left waiting with no call to take it.
     */
    private void drain() {
        while (!queued.isEmpty() && claimSlot()) {
            List<Waiting<T, R>> batch = takeBatch();
            if (batch.isEmpty()) {
                inFlight.decrementAndGet();
                continue;
            }
            CompletableFuture<List<R>> answered;
            try {
                answered = call.apply(batch.stream().map(Waiting::item).toList());
            } catch (RuntimeException e) {
                answered = CompletableFuture.failedFuture(e);
            }
            answered.whenComplete((answers, failure) -> {
                inFlight.decrementAndGet();
                settle(batch, answers, failure);
                drain();
            });
        }
    }

    private boolean claimSlot() {
        int current;
        do {
            current = inFlight.get();
            if (current >= mostInFlight) {
                return false;
            }
        } while (!inFlight.compareAndSet(current, current + 1));
        return true;
    }

    private List<Waiting<T, R>> takeBatch() {
        List<Waiting<T, R>> batch = new ArrayList<>();
        Waiting<T, R> next;
        while (batch.size() < mostPerCall && (next = queued.poll()) != null) {
            batch.add(next);
        }
        return batch;
    }

    private static <T, R> void settle(List<Waiting<T, R>> batch, List<R> answers, Throwable failure) {
        int answered = answers == null ? 0 : answers.size();
        Throwable cause = failure != null ? failure : answered == batch.size() ? null
                : new IllegalStateException("the call answered " + answered + " of " + batch.size() + " items");
        for (int i = 0; i < batch.size(); i++) {
            if (cause != null) {
                batch.get(i).answer().completeExceptionally(cause);
            } else {
                batch.get(i).answer().complete(answers.get(i));
            }
        }
    }
}
