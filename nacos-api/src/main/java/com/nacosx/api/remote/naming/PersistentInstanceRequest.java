package com.nacosx.api.remote.naming;

import com.nacosx.api.naming.Instance;

/** Registers or deregisters one persistent instance; it outlives the connection that sent it. */
public class PersistentInstanceRequest extends AbstractNamingRequest {

    public String type;
    public Instance instance;
}
