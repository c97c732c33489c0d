package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Response;
import java.util.HashMap;
import java.util.Map;

/** Answers {@link ServerLoaderInfoRequest}. */
public class ServerLoaderInfoResponse extends Response {

    public String address;
    public Map<String, String> loaderMetrics = new HashMap<>();
}
