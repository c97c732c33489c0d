package com.nacosx.api.remote.naming;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.Request;

/** A request about one service, named by namespace, group and service name. */
public abstract class AbstractNamingRequest extends Request {

    public String namespace;
    public String serviceName;
    public String groupName;

    @Override
    public String getModule() {
        return Modules.NAMING;
    }
}
