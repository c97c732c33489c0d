package com.nacosx.api.remote.naming;

import com.nacosx.api.naming.ServiceInfo;
import com.nacosx.api.remote.Response;

/** Answers {@link ServiceQueryRequest}. */
public class QueryServiceResponse extends Response {

    public ServiceInfo serviceInfo;
}
