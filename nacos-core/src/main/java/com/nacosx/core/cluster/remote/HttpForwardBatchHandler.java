package com.nacosx.core.cluster.remote;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.HttpForwardBatchRequest;
import com.nacosx.api.remote.cluster.HttpForwardBatchResponse;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.core.remote.AsyncRequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.core.util.Futures;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Serves the HTTP requests a peer passed on together, each as {@link HttpForwardHandler} serves
 * one and in the order they came, and answers when the last is answered. A request that fails
 * fails alone: its answer says why, and the others keep theirs.
 */
@Component
public class HttpForwardBatchHandler implements AsyncRequestHandler<HttpForwardBatchRequest> {

    private final HttpForwardHandler single;

    public HttpForwardBatchHandler(HttpForwardHandler single) {
        this.single = single;
    }

    @Override
    public Class<HttpForwardBatchRequest> requestType() {
        return HttpForwardBatchRequest.class;
    }

    @Override
    public boolean peersOnly() {
        return true;
    }

    /** A batch with one request that cannot be served is refused whole, naming it, before any is served. */
    @Override
    public CompletableFuture<Response> handleAsync(HttpForwardBatchRequest batch, RequestMeta meta) {
        if (batch.requests == null) {
            throw NacosException.missingParameter("requests");
        }
        for (int i = 0; i < batch.requests.size(); i++) {
            HttpForwardHandler.validate(batch.requests.get(i), "requests[" + i + "]");
        }
        List<CompletableFuture<HttpForwardResponse>> answers = batch.requests.stream()
                .map(request -> single.handleAsync(request, meta)
                        .handle((answer, failure) -> failure == null ? (HttpForwardResponse) answer
                                : new HttpForwardResponse().<HttpForwardResponse>fail(ErrorCodes.SERVER_ERROR,
                                        "The passed-on request was not served: " + Futures.causeOf(failure))))
                .toList();
        return Futures.all(answers).thenApply(responses -> {
            HttpForwardBatchResponse response = new HttpForwardBatchResponse();
            response.responses.addAll(responses);
            return response;
        });
    }

    @Override
    public Response failure() {
        return new HttpForwardBatchResponse();
    }
}
