package com.nacosx.api.remote.naming;

import com.nacosx.api.remote.Response;

/** Answers {@link NamingFuzzyWatchRequest}. */
public class NamingFuzzyWatchResponse extends Response {
}
