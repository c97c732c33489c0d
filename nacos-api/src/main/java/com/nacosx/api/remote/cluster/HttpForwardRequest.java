package com.nacosx.api.remote.cluster;

import com.nacosx.api.remote.Request;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An HTTP request a node passes on to the peer that must serve it (a 1.x instance write goes to
 * the instance's responsible node), over the cluster port's multiplexed connection.
 *
 * @see HttpForwardResponse
 */
public class HttpForwardRequest extends Request {

    public String method;
    /** Below the context path, e.g. {@code /v1/ns/instance/beat}. */
    public String path;
    public Map<String, List<String>> params = new HashMap<>();
    /** The HTTP headers the serving node reads (client identity, forwarding marks). */
    public Map<String, String> httpHeaders = new HashMap<>();
    /** The address of the client that sent the request to the first node. */
    public String sourceIp;

    @Override
    public String getModule() {
        return "cluster";
    }
}
