package com.nacosx.api.remote;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.Map;
import java.util.TreeMap;

/**
 * Something one side asks of the other over gRPC. The wire objects of this package keep public
 * fields named as in the JSON the official clients send and parse.
 *
 * <p>Headers travel in the payload's metadata, not in the JSON body; they are case-insensitive.
 */
public abstract class Request {

    public String requestId;

    @JsonIgnore
    private final Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);

    /** The module the official server routes the request to: internal, config or naming. */
    public abstract String getModule();

    public String header(String name) {
        return headers.get(name);
    }

    public Map<String, String> headers() {
        return headers;
    }
}
