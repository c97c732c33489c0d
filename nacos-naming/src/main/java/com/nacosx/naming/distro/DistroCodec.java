package com.nacosx.naming.distro;

import com.nacosx.api.naming.Instance;
import com.nacosx.api.remote.distro.DistroClient;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A client's publications to and from the form Distro sends. */
final class DistroCodec {

    private DistroCodec() {
    }

    static DistroClient encode(String clientId, long revision, Map<ServiceKey, List<InstanceRecord>> published) {
        DistroClient client = new DistroClient();
        client.clientId = clientId;
        client.revision = revision;
        published.forEach((key, instances) -> {
            DistroClient.Published entry = new DistroClient.Published();
            entry.namespace = key.namespace();
            entry.groupName = key.group();
            entry.serviceName = key.name();
            for (InstanceRecord instance : instances) {
                entry.instances.add(instance.toApi(key));
            }
            client.published.add(entry);
        });
        return client;
    }

    static Map<ServiceKey, List<InstanceRecord>> decode(DistroClient client) {
        Map<ServiceKey, List<InstanceRecord>> published = new HashMap<>();
        for (DistroClient.Published entry : client.published) {
            List<InstanceRecord> instances = new ArrayList<>(entry.instances.size());
            for (Instance instance : entry.instances) {
                instances.add(InstanceRecord.from(instance, true));
            }
            published.put(new ServiceKey(entry.namespace, entry.groupName, entry.serviceName), instances);
        }
        return published;
    }
}
