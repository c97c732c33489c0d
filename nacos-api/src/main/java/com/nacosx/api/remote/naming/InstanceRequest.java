package com.nacosx.api.remote.naming;

import com.nacosx.api.naming.Instance;

/** Registers or deregisters one ephemeral instance owned by the sending connection. */
public class InstanceRequest extends AbstractNamingRequest {

    public static final String REGISTER = "registerInstance";
    public static final String DEREGISTER = "deregisterInstance";

    public String type;
    public Instance instance;
}
