package com.nacosx.api.remote.naming;

/** Reads a service's hosts once, without subscribing. */
public class ServiceQueryRequest extends AbstractNamingRequest {

    public String cluster;
    public boolean healthyOnly;
    public int udpPort;
}
