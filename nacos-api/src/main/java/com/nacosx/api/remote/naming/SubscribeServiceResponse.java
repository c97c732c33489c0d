package com.nacosx.api.remote.naming;

import com.nacosx.api.naming.ServiceInfo;
import com.nacosx.api.remote.Response;

/** Answers {@link SubscribeServiceRequest} with the service's current view. */
public class SubscribeServiceResponse extends Response {

    public ServiceInfo serviceInfo;
}
