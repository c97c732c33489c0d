package com.nacosx.naming.distro.legacy;

import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.http.Json;
import com.nacosx.core.http.QueryStrings;
import com.nacosx.naming.distro.DistroMapper;
import com.nacosx.naming.distro.DistroProtocol;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Beats, over 1.x HTTP, for the instances of 2.x clients connected to this node in services an
 * official 1.x member owns. That happens when a 1.x node comes back into a cluster that had
 * switched to the 2.x mode with double write on (a rollback): the member owns some services
 * again and expires their instances by their beats, and a 2.x client keeps its instance alive by
 * its connection, not by beats. So, while the connection lives, this node beats for it as a 1.x
 * client would, a full beat, which also registers the instance there if the member does not know
 * it; when the connection closes the beats stop and the member expires the instance as it
 * expires a 1.x client that stopped.
 */
final class ConnectionBeats {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionBeats.class);
    private static final String BEAT_PATH = "/v1/ns/instance/beat";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final ServiceRegistry registry;
    private final DistroMapper mapper;
    private final DistroProtocol ours;
    private final LegacyPeerHttp http;

    ConnectionBeats(ServiceRegistry registry, DistroMapper mapper, DistroProtocol ours, LegacyPeerHttp http) {
        this.registry = registry;
        this.mapper = mapper;
        this.ours = ours;
        this.http = http;
    }

    /** One beat for each such instance; call it every beat period (5 s, the 1.x client's). */
    void beatAll() {
        for (RegisteredService service : registry.all()) {
            Member owner = mapper.legacyOwner(service.key());
            if (!service.ephemeral() || owner == null) {
                continue;
            }
            service.publications().forEach((clientId, publication) -> {
                if (ClientIds.isConnection(clientId) && !ours.isReplica(clientId)) {
                    publication.instances().forEach(instance -> beat(owner, service.key(), instance));
                }
            });
        }
    }

    private void beat(Member owner, ServiceKey service, InstanceRecord instance) {
        String query = "namespaceId=" + QueryStrings.encoded(service.namespace())
                + "&serviceName=" + QueryStrings.encoded(service.grouped())
                + "&beat=" + QueryStrings.encoded(Json.text(beatOf(service, instance)));
        http.send(owner, "PUT", BEAT_PATH + '?' + query, Map.of(), null, TIMEOUT).whenComplete((answer, error) -> {
            if (error != null || answer.statusCode() != 200) {
                LOG.info("[legacy-distro] beating for {}:{} of {} (a 2.x client's) to {} failed: {}", instance.ip(),
                        instance.port(), service, owner.address(),
                        error != null ? error.toString() : answer.statusCode() + " " + answer.body());
            }
        });
    }

    /** The beat a 1.4 client sends, as the member reads it (its {@code RsInfo}). */
    private static Map<String, Object> beatOf(ServiceKey service, InstanceRecord instance) {
        Map<String, Object> beat = new LinkedHashMap<>();
        beat.put("ip", instance.ip());
        beat.put("port", instance.port());
        beat.put("serviceName", service.grouped());
        beat.put("cluster", instance.cluster());
        beat.put("weight", instance.weight());
        beat.put("ephemeral", true);
        beat.put("metadata", instance.metadata());
        return beat;
    }
}
