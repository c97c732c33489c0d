package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Response;

/** Answers {@link ConfigPublishRequest}. */
public class ConfigPublishResponse extends Response {
}
