package com.nacosx.naming.distro.legacy;

import com.nacosx.core.http.Json;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The checksum a 1.4 node gossips for a service it owns ({@code /v1/ns/service/status}): MD5 of
 * the service as 1.x writes it in JSON, then each instance, in 1.x's order, as
 * {@code ip:port_weight_healthy_cluster,}. A 1.4 node compares it with its own view of the service
 * and, where they differ, asks for the instances' health. The service part is written as 1.x
 * writes one it learnt of by Distro: no owners, no token, protect threshold 0, each cluster with
 * 1.x's defaults, fields and clusters in the order of the Java hash maps 1.x builds it from.
 */
final class LegacyServiceChecksum {

    private LegacyServiceChecksum() {
    }

    static String of(ServiceKey service, List<InstanceRecord> instances) {
        long unhealthy = instances.stream().filter(instance -> !instance.healthy()).count();
        Map<String, Boolean> clusters = new HashMap<>();
        instances.forEach(instance -> clusters.put(instance.cluster(), Boolean.TRUE));
        StringJoiner clusterTexts = new StringJoiner(",", "[", "]");
        for (String cluster : clusters.keySet()) {
            clusterTexts.add("{\"healthChecker\":{},\"defIPPort\":80,\"defCkport\":80,\"name\":" + Json.text(cluster)
                    + ",\"useIPPort4Check\":true,\"sitegroup\":\"\"}");
        }
        StringBuilder text = new StringBuilder("{\"invalidIPCount\":").append(unhealthy)
                .append(",\"name\":").append(Json.text(service.grouped()))
                .append(",\"ipCount\":").append(instances.size())
                .append(",\"owners\":[],\"protectThreshold\":0.0,\"clusters\":").append(clusterTexts).append('}');
        for (InstanceRecord instance : LegacyDatums.sorted(instances)) {
            text.append(instance.ip()).append(':').append(instance.port()).append('_').append(instance.weight())
                    .append('_').append(instance.healthy()).append('_').append(instance.cluster()).append(',');
        }
        return LegacyDatums.md5(text);
    }
}
