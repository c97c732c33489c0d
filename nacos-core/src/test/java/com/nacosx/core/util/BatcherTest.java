package com.nacosx.core.util;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatcherTest {

    /** A call whose answers the test gives: each call's items, and the future its answer completes. */
    private static final class HeldCalls {
        final List<List<Integer>> items = Collections.synchronizedList(new ArrayList<>());
        final List<CompletableFuture<List<String>>> answers = Collections.synchronizedList(new ArrayList<>());

        CompletableFuture<List<String>> call(List<Integer> batch) {
            CompletableFuture<List<String>> answer = new CompletableFuture<>();
            items.add(batch);
            answers.add(answer);
            return answer;
        }

        void answer(int call) {
            answers.get(call).complete(items.get(call).stream().map(item -> "answer " + item).toList());
        }
    }

    @Test
    void anIdleBatcherSendsEachItemAtOnceAlone() {
        Batcher<Integer, String> batcher = new Batcher<>(
                batch -> CompletableFuture.completedFuture(batch.stream().map(item -> "answer " + item).toList()), 2, 8);

        for (int item = 0; item < 5; item++) {
            CompletableFuture<String> answer = batcher.send(item);
            assertTrue(answer.isDone(), "no wait when no call is in flight");
            assertEquals("answer " + item, answer.join());
        }
    }

    @Test
    void itemsQueuedBehindTheCallsInFlightGoTogetherInTheirOrder() {
        HeldCalls calls = new HeldCalls();
        Batcher<Integer, String> batcher = new Batcher<>(calls::call, 2, 3);
        List<CompletableFuture<String>> answers = IntStream.range(0, 7).mapToObj(batcher::send).toList();

        assertEquals(List.of(List.of(0), List.of(1)), calls.items, "two calls in flight, one item each");
        calls.answer(0);
        assertEquals(List.of(2, 3, 4), calls.items.get(2), "the queued items go in one call, at most three");
        calls.answer(1);
        assertEquals(List.of(5, 6), calls.items.get(3));
        calls.answer(2);
        calls.answer(3);

        assertEquals(4, calls.items.size());
        for (int item = 0; item < 7; item++) {
            assertEquals("answer " + item, answers.get(item).join(), "each item gets its own answer");
        }
    }

    @Test
    void aFailedCallFailsOnlyItsOwnItems() {
        HeldCalls calls = new HeldCalls();
        Batcher<Integer, String> batcher = new Batcher<>(calls::call, 1, 10);
        CompletableFuture<String> first = batcher.send(1);
        CompletableFuture<String> second = batcher.send(2);

        calls.answers.get(0).completeExceptionally(new IllegalStateException("peer gone"));
        calls.answer(1);

        CompletionException failed = assertThrows(CompletionException.class, first::join);
        assertEquals("peer gone", failed.getCause().getMessage());
        assertEquals("answer 2", second.join());
    }

    @Test
    void aCallThatThrowsOrAnswersTooFewFailsItsItemsAndFreesItsSlot() {
        AtomicInteger calls = new AtomicInteger();
        Batcher<Integer, String> batcher = new Batcher<>(batch -> switch (calls.getAndIncrement()) {
            case 0 -> throw new IllegalArgumentException("unsendable");
            case 1 -> CompletableFuture.completedFuture(List.of());
            default -> CompletableFuture.completedFuture(List.of("fine"));
        }, 1, 10);

        assertInstanceOf(IllegalArgumentException.class,
                assertThrows(CompletionException.class, () -> batcher.send(1).join()).getCause());
        CompletionException tooFew = assertThrows(CompletionException.class, () -> batcher.send(2).join());
        assertTrue(tooFew.getCause().getMessage().contains("answered 0 of 1"), tooFew.getCause().getMessage());
        assertEquals("fine", batcher.send(3).join(), "the failed calls gave their slot back");
    }

    /** Senders on many threads, answers on another: no item is left without a call, none gets another's answer. */
    @Test
    void everyItemSentFromManyThreadsIsAnsweredWithItsOwnAnswer() throws Exception {
        ExecutorService answering = Executors.newSingleThreadExecutor();
        ExecutorService senders = Executors.newFixedThreadPool(4);
        AtomicInteger mostPerCall = new AtomicInteger();
        try {
            Batcher<Integer, String> batcher = new Batcher<>(batch -> {
                mostPerCall.accumulateAndGet(batch.size(), Math::max);
                return CompletableFuture.supplyAsync(() -> batch.stream().map(item -> "answer " + item).toList(),
                        answering);
            }, 2, 16);
            List<CompletableFuture<CompletableFuture<String>>> sent = IntStream.range(0, 20_000)
                    .mapToObj(item -> CompletableFuture.supplyAsync(() -> batcher.send(item), senders)).toList();

            for (int item = 0; item < sent.size(); item++) {
                assertEquals("answer " + item, sent.get(item).get(60, TimeUnit.SECONDS).get(60, TimeUnit.SECONDS));
            }
            assertTrue(mostPerCall.get() <= 16, "at most 16 to a call, not " + mostPerCall.get());
        } finally {
            senders.shutdownNow();
            answering.shutdownNow();
        }
    }
}
