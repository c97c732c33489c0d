package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Response;

/** The client's answer to {@link ClientDetectionRequest}. */
public class ClientDetectionResponse extends Response {
}
