package com.nacosx.api.remote.cluster;

import com.nacosx.api.remote.Response;

/** The answer of a passed-on HTTP request, relayed by the first node to its client. */
public class HttpForwardResponse extends Response {

    public int status;
    public String contentType;
    public String body;
}
