package com.nacosx.api.remote.naming;

import com.nacosx.api.naming.ServiceInfo;
import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.ServerRequest;

/** Pushed to a subscriber when the service it watches changes: the new view of the service. */
public class NotifySubscriberRequest extends ServerRequest {

    public String namespace;
    public String serviceName;
    public String groupName;
    public ServiceInfo serviceInfo;

    public NotifySubscriberRequest() {
    }

    public NotifySubscriberRequest(String namespace, ServiceInfo serviceInfo) {
        this.namespace = namespace;
        this.serviceName = serviceInfo.name;
        this.groupName = serviceInfo.groupName;
        this.serviceInfo = serviceInfo;
    }

    @Override
    public String getModule() {
        return Modules.NAMING;
    }
}
