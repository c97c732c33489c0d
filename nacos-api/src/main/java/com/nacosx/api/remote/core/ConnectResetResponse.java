package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Response;

/** The client's ack of {@link ConnectResetRequest}. */
public class ConnectResetResponse extends Response {
}
