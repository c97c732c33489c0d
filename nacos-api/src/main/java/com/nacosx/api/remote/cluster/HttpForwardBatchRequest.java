package com.nacosx.api.remote.cluster;

import com.nacosx.api.remote.Request;

import java.util.ArrayList;
import java.util.List;

/**
 * HTTP requests a node passes on to one peer together, in the order they came: under load one
 * message carries many 1.x beats, where a call each cost the two nodes more than serving them.
 * The peer serves each as an {@link HttpForwardRequest} and answers them all at once.
 *
 * @see HttpForwardBatchResponse
 */
public class HttpForwardBatchRequest extends Request {

    public List<HttpForwardRequest> requests = new ArrayList<>();

    @Override
    public String getModule() {
        return "cluster";
    }
}
