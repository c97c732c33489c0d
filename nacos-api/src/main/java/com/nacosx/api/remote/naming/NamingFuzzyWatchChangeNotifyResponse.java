package com.nacosx.api.remote.naming;

import com.nacosx.api.remote.Response;

/** The client's ack of {@link NamingFuzzyWatchChangeNotifyRequest}. */
public class NamingFuzzyWatchChangeNotifyResponse extends Response {
}
