package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Response;

/** The client's ack of {@link ConfigFuzzyWatchChangeNotifyRequest}. */
public class ConfigFuzzyWatchChangeNotifyResponse extends Response {
}
