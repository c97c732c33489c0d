package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Response;

/** The client's ack of {@link SetupAckRequest}. */
public class SetupAckResponse extends Response {
}
