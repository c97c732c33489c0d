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

    /**
     * The push of a service's view. A factory, not a constructor: Jackson would take a constructor
     * with parameters for the way to read the request, and fail on a body without a service.
     */
    public static NotifySubscriberRequest of(String namespace, ServiceInfo serviceInfo) {
        NotifySubscriberRequest request = new NotifySubscriberRequest();
        request.namespace = namespace;
        request.serviceName = serviceInfo.name;
        request.groupName = serviceInfo.groupName;
        request.serviceInfo = serviceInfo;
        return request;
    }

    @Override
    public String getModule() {
        return Modules.NAMING;
    }
}
