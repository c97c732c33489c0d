package com.nacosx.api.remote.cluster;

import com.nacosx.api.remote.Response;

import java.util.ArrayList;
import java.util.List;

/** The answers of a {@link HttpForwardBatchRequest}, one per request and in its order. */
public class HttpForwardBatchResponse extends Response {

    public List<HttpForwardResponse> responses = new ArrayList<>();
}
