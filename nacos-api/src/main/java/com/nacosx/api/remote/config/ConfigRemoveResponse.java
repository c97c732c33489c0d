package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Response;

/** Answers {@link ConfigRemoveRequest}. */
public class ConfigRemoveResponse extends Response {
}
