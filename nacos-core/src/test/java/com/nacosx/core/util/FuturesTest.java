package com.nacosx.core.util;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FuturesTest {

    @Test
    void allAnswersTheValuesInTheFuturesOrderOnceEachHasOne() {
        CompletableFuture<String> first = new CompletableFuture<>();
        CompletableFuture<String> second = new CompletableFuture<>();
        CompletableFuture<List<String>> all = Futures.all(List.of(first, second));

        second.complete("b");
        assertFalse(all.isDone(), "the first has no value yet");
        first.complete("a");

        assertEquals(List.of("a", "b"), all.join());
    }

    @Test
    void allFailsWhenOneFails() {
        CompletableFuture<String> failed = CompletableFuture.failedFuture(new IllegalStateException("gone"));
        CompletableFuture<List<String>> all = Futures.all(List.of(CompletableFuture.completedFuture("a"), failed));

        CompletionException thrown = assertThrows(CompletionException.class, all::join);
        assertEquals("gone", Futures.causeOf(thrown).getMessage());
    }
}
