package com.nacosx.core.cluster.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.api.remote.PayloadCodec.MalformedPayloadException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.core.ServerCheckResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A peer's small answer is decoded where it arrives; a large one, and its caller, on a thread of its own. */
class PeerAnswersTest {

    private final ExecutorService largeAnswers = Executors.newSingleThreadExecutor(task -> new Thread(task, "large"));
    private final PeerAnswers answers = new PeerAnswers(largeAnswers);

    @AfterEach
    void stop() {
        largeAnswers.shutdownNow();
    }

    private static Payload answerWithId(int length) {
        ServerCheckResponse response = new ServerCheckResponse();
        response.connectionId = "c".repeat(length);
        return PayloadCodec.encode(response);
    }

    /** The thread the caller's continuation ran on, and what it was given. */
    private String continuedOn(Payload payload, int idLength) throws Exception {
        CompletableFuture<Response> answer = new CompletableFuture<>();
        CompletableFuture<String> thread = answer.thenApply(response -> {
            assertEquals(idLength, ((ServerCheckResponse) response).connectionId.length());
            return Thread.currentThread().getName();
        });
        answers.complete(payload, answer);
        return thread.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aSmallAnswerIsDecodedOnTheThreadItArrivedOn() throws Exception {
        assertEquals(Thread.currentThread().getName(), continuedOn(answerWithId(100), 100));
    }

    @Test
    void aLargeAnswerIsDecodedAndItsCallerContinuedOffThatThread() throws Exception {
        int length = PeerAnswers.INLINE_BYTES + 1;
        assertEquals("large", continuedOn(answerWithId(length), length));
    }

    @Test
    void anUnreadableLargeAnswerFailsTheCall() {
        Payload unreadable = answerWithId(PeerAnswers.INLINE_BYTES + 1).toBuilder()
                .setMetadata(answerWithId(1).getMetadata().toBuilder().setType("NoSuchResponse")).build();
        CompletableFuture<Response> answer = new CompletableFuture<>();
        answers.complete(unreadable, answer);
        CompletionException failed = assertThrows(CompletionException.class, answer::join);
        assertInstanceOf(MalformedPayloadException.class, failed.getCause());
    }
}
