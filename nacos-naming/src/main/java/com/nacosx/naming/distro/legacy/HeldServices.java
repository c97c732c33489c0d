package com.nacosx.naming.distro.legacy;

import com.nacosx.api.exception.NacosException;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The services official 1.x members own, as this node holds them: one registry client a service
 * ({@link ClientIds#ofLegacyDatum}), and when the owner last vouched for each (sent it, or listed
 * a checksum that matched). A service no one vouches for expires.
 */
final class HeldServices {

    private static final Logger LOG = LoggerFactory.getLogger(HeldServices.class);

    private final ServiceRegistry registry;
    private final Map<ServiceKey, Long> vouched = new ConcurrentHashMap<>();

    HeldServices(ServiceRegistry registry) {
        this.registry = registry;
    }

    /** The service as its owner sent it, vouched for now; an empty list releases it. */
    void hold(ServiceKey service, List<InstanceRecord> instances) {
        if (instances.isEmpty()) {
            release(service);
            return;
        }
        try {
            registry.replaceClient(clientId(service), Map.of(service, instances));
            vouched.put(service, System.currentTimeMillis());
        } catch (NacosException e) {
            LOG.warn("[legacy-distro] cannot hold {} from a 1.x member: {}", service, e.getMessage());
        }
    }

    /** Keeps only these of the service's instances (the others were taken over), vouched for as before. */
    void keepOnly(ServiceKey service, List<InstanceRecord> instances) {
        if (instances.isEmpty()) {
            release(service);
        } else {
            registry.replaceClient(clientId(service), Map.of(service, instances));
        }
    }

    void vouch(ServiceKey service, long now) {
        vouched.put(service, now);
    }

    void release(ServiceKey service) {
        vouched.remove(service);
        registry.removeClient(clientId(service));
    }

    List<InstanceRecord> instances(ServiceKey service) {
        RegisteredService registered = registry.get(service);
        Publication publication = registered == null ? null : registered.publications().get(clientId(service));
        return publication == null ? List.of() : publication.instances();
    }

    /** The services held now. */
    Set<ServiceKey> services() {
        return Set.copyOf(vouched.keySet());
    }

    /** Releases every service not vouched for since {@code cutoff}. */
    void expire(long cutoff) {
        vouched.forEach((service, last) -> {
            if (last < cutoff) {
                LOG.info("[legacy-distro] {} not vouched for by its 1.x owner since {}: dropping it", service, last);
                release(service);
            }
        });
    }

    private static String clientId(ServiceKey service) {
        return ClientIds.ofLegacyDatum(LegacyDatums.key(service));
    }
}
