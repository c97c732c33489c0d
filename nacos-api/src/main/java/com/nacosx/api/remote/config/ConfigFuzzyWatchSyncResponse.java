package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Response;

/** The client's ack of {@link ConfigFuzzyWatchSyncRequest}. */
public class ConfigFuzzyWatchSyncResponse extends Response {
}
