package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Response;
import java.util.HashMap;
import java.util.Map;

/** The client's answer to {@link ClientConfigMetricRequest}. */
public class ClientConfigMetricResponse extends Response {

    public Map<String, Object> metrics = new HashMap<>();
}
