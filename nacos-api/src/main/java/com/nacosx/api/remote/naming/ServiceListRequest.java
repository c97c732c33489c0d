package com.nacosx.api.remote.naming;

/** Lists the service names of a namespace and group, one page at a time. */
public class ServiceListRequest extends AbstractNamingRequest {

    public int pageNo;
    public int pageSize;
    public String selector;
}
