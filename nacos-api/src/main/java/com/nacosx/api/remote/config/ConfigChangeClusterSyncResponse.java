package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Response;

/** Answers {@link ConfigChangeClusterSyncRequest}. */
public class ConfigChangeClusterSyncResponse extends Response {
}
