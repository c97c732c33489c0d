package com.nacosx.testsupport;

import com.nacosx.api.naming.Instance;
import com.nacosx.api.remote.naming.InstanceRequest;
import java.util.Map;

/** 2.x naming requests as the official client builds them, for tests that speak raw gRPC. */
public final class NamingRequests {

    private NamingRequests() {
    }

    /** Registers {@code ip:8080} (cluster DEFAULT, weight 1, healthy, enabled) in DEFAULT_GROUP of the namespace. */
    public static InstanceRequest register(String namespace, String service, String ip, Map<String, String> metadata) {
        InstanceRequest request = new InstanceRequest();
        request.namespace = namespace;
        request.groupName = "DEFAULT_GROUP";
        request.serviceName = service;
        request.type = InstanceRequest.REGISTER;
        request.instance = new Instance();
        request.instance.ip = ip;
        request.instance.port = 8080;
        request.instance.clusterName = "DEFAULT";
        request.instance.metadata = metadata;
        return request;
    }
}
