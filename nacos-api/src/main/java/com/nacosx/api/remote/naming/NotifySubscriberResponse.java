package com.nacosx.api.remote.naming;

import com.nacosx.api.remote.Response;

/** The client's ack of a {@link NotifySubscriberRequest}. */
public class NotifySubscriberResponse extends Response {
}
