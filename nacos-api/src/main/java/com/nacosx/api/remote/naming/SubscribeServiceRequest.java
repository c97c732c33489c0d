package com.nacosx.api.remote.naming;

/** Subscribes the connection to a service's changes (or unsubscribes it). */
public class SubscribeServiceRequest extends AbstractNamingRequest {

    public boolean subscribe;
    public String clusters;
}
