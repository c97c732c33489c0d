package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Response;

/** Answers {@link HealthCheckRequest}. */
public class HealthCheckResponse extends Response {
}
