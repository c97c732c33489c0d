package com.nacosx.core.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.NacosException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Commands applied on this node: typed answers, order, the rewrite after each, refusals kept apart. */
class LocalCommandLogTest {

    /** The state the commands change: a list of entries. */
    static final class Journal {
        final List<String> entries = new ArrayList<>();
    }

    /** Appends an entry; yields the journal's length after it. */
    record Append(String entry) implements Command<Journal, Integer> {
        @Override
        public CompletableFuture<Integer> applyTo(Journal journal) {
            if (entry.isBlank()) {
                throw NacosException.badRequest("Param 'entry' is empty");
            }
            journal.entries.add(entry);
            return CompletableFuture.completedFuture(journal.entries.size());
        }
    }

    /** Yields what it is given when the test completes it, as a store's writer thread would. */
    record Later(CompletableFuture<String> outcome) implements Command<Journal, String> {
        @Override
        public CompletableFuture<String> applyTo(Journal journal) {
            return outcome;
        }
    }

    final Journal journal = new Journal();
    final List<Integer> rewrites = new ArrayList<>();
    final LocalCommandLog<Journal> log = new LocalCommandLog<>(journal, () -> rewrites.add(journal.entries.size()));

    @Test
    void commandsApplyInOrderAndEachIsRewrittenBeforeItsAnswer() {
        int first = log.submitAndWait(new Append("a"));
        int second = log.submitAndWait(new Append("b"));
        assertEquals(1, first);
        assertEquals(2, second);
        assertEquals(List.of("a", "b"), journal.entries);
        assertEquals(List.of(1, 2), rewrites, "each write reached the store before it was answered");
    }

    @Test
    void aRefusedCommandFailsItsFutureWithTheRefusalAndIsNotRewritten() {
        CompletableFuture<Integer> refused = log.submit(new Append(" "));
        assertTrue(refused.isCompletedExceptionally());
        NacosException why = assertThrows(NacosException.class, () -> log.submitAndWait(new Append("")));
        assertEquals(400, why.status());
        assertTrue(journal.entries.isEmpty());
        assertTrue(rewrites.isEmpty());
    }

    @Test
    void aCommandThatCompletesLaterIsRewrittenWhenItDoes() {
        CompletableFuture<String> outcome = new CompletableFuture<>();
        CompletableFuture<String> answer = log.submit(new Later(outcome));
        assertFalse(answer.isDone());
        assertTrue(rewrites.isEmpty());
        outcome.complete("done");
        assertSame("done", answer.join());
        assertEquals(1, rewrites.size());
    }
}
