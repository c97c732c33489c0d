package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Response;

/** Answers {@link ServerReloadRequest}. */
public class ServerReloadResponse extends Response {
}
