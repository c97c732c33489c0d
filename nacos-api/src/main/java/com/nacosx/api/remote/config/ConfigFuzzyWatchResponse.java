package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Response;

/** Answers {@link ConfigFuzzyWatchRequest}. */
public class ConfigFuzzyWatchResponse extends Response {
}
