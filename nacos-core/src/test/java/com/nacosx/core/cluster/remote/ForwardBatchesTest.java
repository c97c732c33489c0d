package com.nacosx.core.cluster.remote;

import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.HttpForwardBatchRequest;
import com.nacosx.api.remote.cluster.HttpForwardBatchResponse;
import com.nacosx.api.remote.cluster.HttpForwardRequest;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.api.remote.core.ErrorResponse;
import com.nacosx.core.cluster.Member;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How requests reach a peer: alone when it is idle, together when it is busy, alone again when it is older. */
class ForwardBatchesTest {

    private static final Member PEER = HeldPeerCalls.PEER;

    private static List<CompletableFuture<HttpForwardResponse>> sendBeats(ForwardBatches batches, int count) {
        return IntStream.range(0, count).mapToObj(n -> {
            HttpForwardRequest request = new HttpForwardRequest();
            request.method = "PUT";
            request.path = "/v1/ns/instance/beat";
            request.params.put("ip", List.of("10.0.0." + n));
            return batches.send(PEER, request);
        }).toList();
    }

    /** Four beats: 0 and 1 go alone, 2 and 3 together (call 2) once 0 is answered; 1 stays unanswered. */
    private static List<CompletableFuture<HttpForwardResponse>> sendBeatsTillTheirBatchIsSent(HeldPeerCalls peer) {
        List<CompletableFuture<HttpForwardResponse>> answers = sendBeats(
                new ForwardBatches(peer, Duration.ofSeconds(10)), 4);
        peer.answer(0, ForwardBatchesTest::served);
        assertInstanceOf(HttpForwardBatchRequest.class, peer.sent.get(2));
        return answers;
    }

    private static Response served(Request request) {
        HttpForwardResponse response = new HttpForwardResponse();
        response.status = 200;
        response.body = "beat of " + ((HttpForwardRequest) request).params.get("ip").get(0);
        return response;
    }

    private static Response servedEach(Request batch) {
        HttpForwardBatchResponse response = new HttpForwardBatchResponse();
        ((HttpForwardBatchRequest) batch).requests.forEach(
                request -> response.responses.add((HttpForwardResponse) served(request)));
        return response;
    }

    @Test
    void aLoneRequestGoesAsItIsAndQueuedOnesGoTogether() {
        HeldPeerCalls peer = new HeldPeerCalls();
        List<CompletableFuture<HttpForwardResponse>> answers = sendBeats(
                new ForwardBatches(peer, Duration.ofSeconds(10)), 5);

        assertInstanceOf(HttpForwardRequest.class, peer.sent.get(0), "an older peer of ours understands one alone");
        assertEquals(ForwardBatches.MOST_IN_FLIGHT, peer.sent.size(), "the others wait for a call to end");
        peer.answer(0, ForwardBatchesTest::served);
        HttpForwardBatchRequest batch = assertInstanceOf(HttpForwardBatchRequest.class, peer.sent.get(2));
        assertEquals(List.of("10.0.0.2", "10.0.0.3", "10.0.0.4"),
                batch.requests.stream().map(request -> request.params.get("ip").get(0)).toList());
        peer.answer(1, ForwardBatchesTest::served);
        peer.answer(2, ForwardBatchesTest::servedEach);

        for (int n = 0; n < 5; n++) {
            assertEquals("beat of 10.0.0." + n, answers.get(n).join().body);
        }
    }

    @Test
    void aPeerThatDoesNotServeBatchesIsSentEachRequestAlone() {
        HeldPeerCalls peer = new HeldPeerCalls();
        List<CompletableFuture<HttpForwardResponse>> answers = sendBeatsTillTheirBatchIsSent(peer);

        peer.answer(2, batch -> ErrorResponse.of(ErrorCodes.NO_HANDLER,
                "RequestHandler Not Found: no handler for type 'HttpForwardBatchRequest'"));

        assertEquals(5, peer.sent.size(), "the two requests of the refused batch went again, alone");
        peer.answer(3, ForwardBatchesTest::served);
        peer.answer(4, request -> ErrorResponse.of(ErrorCodes.SERVER_ERROR, "could not serve it"));
        assertEquals("beat of 10.0.0.2", answers.get(2).join().body);
        HttpForwardResponse failed = answers.get(3).join();
        assertFalse(failed.isSuccess(), "a failure comes back as a failed answer");
        assertEquals("could not serve it", failed.message);
    }

    @Test
    void aBatchThePeerRefusesOtherwiseFailsItsRequests() {
        HeldPeerCalls peer = new HeldPeerCalls();
        List<CompletableFuture<HttpForwardResponse>> answers = sendBeatsTillTheirBatchIsSent(peer);

        peer.answer(2, batch -> ErrorResponse.of(ErrorCodes.INVALID_SERVER_STATUS,
                "Server is stopping, please try another server."));

        CompletionException failed = assertThrows(CompletionException.class, () -> answers.get(2).join());
        assertTrue(failed.getCause().getMessage().contains("Server is stopping"), failed.getCause().getMessage());
        assertThrows(CompletionException.class, () -> answers.get(3).join());
    }
}
