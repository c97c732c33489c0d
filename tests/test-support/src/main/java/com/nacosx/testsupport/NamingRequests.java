package com.nacosx.testsupport;

import com.nacosx.api.naming.Instance;
import com.nacosx.api.remote.naming.InstanceRequest;
import com.nacosx.api.remote.naming.SubscribeServiceRequest;
import java.util.Map;

/** Naming requests as the official clients build them: 2.x ones for tests that speak raw gRPC, and a 1.x beat. */
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

    /** Subscribes to the service in DEFAULT_GROUP of the namespace, all clusters. */
    public static SubscribeServiceRequest subscribe(String namespace, String service) {
        SubscribeServiceRequest request = new SubscribeServiceRequest();
        request.namespace = namespace;
        request.groupName = "DEFAULT_GROUP";
        request.serviceName = service;
        request.subscribe = true;
        return request;
    }

    /** The {@code beat} parameter of a 1.4.8 client's full beat of {@code ip:port} in DEFAULT_GROUP. */
    public static String oneXBeat(String ip, int port, String service) {
        return "{\"cluster\":\"DEFAULT\",\"ip\":\"" + ip + "\",\"metadata\":{},\"period\":5000,\"port\":" + port
                + ",\"scheduled\":false,\"serviceName\":\"DEFAULT_GROUP@@" + service + "\",\"stopped\":false,"
                + "\"weight\":1.0}";
    }
}
