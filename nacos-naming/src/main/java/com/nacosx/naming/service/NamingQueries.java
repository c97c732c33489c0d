package com.nacosx.naming.service;

import com.nacosx.api.naming.Instance;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.naming.distro.DistroMapper;
import com.nacosx.naming.distro.DistroProtocol;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.push.GrpcSubscribers;
import com.nacosx.naming.push.PushScheduler;
import com.nacosx.naming.push.UdpPusher;
import com.nacosx.naming.push.UdpSubscribers;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.Selection;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.registry.ServiceView;
import com.nacosx.naming.selector.ServiceSelector;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Everything the doors read about naming: services and their selected hosts, clients, subscribers,
 * counts and push statistics. Nothing here changes state.
 */
@Component
public class NamingQueries {

    /**
     * What the registry holds; the responsible counts leave out clients replicated from peers, and
     * clients are connection-based (2.x), ephemeral ip:port (1.x) or persistent ip:port.
     */
    public record Counts(int serviceCount, int instanceCount, int subscribeCount, int responsibleInstanceCount,
                         int clientCount, int connectionBasedClientCount, int ephemeralIpPortClientCount,
                         int persistentIpPortClientCount, int responsibleClientCount) {
    }

    /** Pushes acked and attempted, gRPC and UDP together. */
    public record PushState(long succeeded, long total) {
    }

    /**
     * One subscriber of a service: a gRPC connection ({@code clientId} its id, port 0) or a 1.x
     * client pushed over UDP ({@code clientId} null).
     */
    public record Subscriber(String clientId, String ip, int port, String agent, String clusters) {
    }

    private final ServiceRegistry registry;
    private final ServiceSelector selector;
    private final GrpcSubscribers grpcSubscribers;
    private final UdpSubscribers udpSubscribers;
    private final PushScheduler pushes;
    private final UdpPusher udpPusher;
    private final DistroProtocol distro;
    private final DistroMapper distroMapper;
    private final ConnectionManager connections;

    public NamingQueries(ServiceRegistry registry, ServiceSelector selector, GrpcSubscribers grpcSubscribers,
            UdpSubscribers udpSubscribers, PushScheduler pushes, UdpPusher udpPusher, DistroProtocol distro,
            DistroMapper distroMapper, ConnectionManager connections) {
        this.registry = registry;
        this.selector = selector;
        this.grpcSubscribers = grpcSubscribers;
        this.udpSubscribers = udpSubscribers;
        this.pushes = pushes;
        this.udpPusher = udpPusher;
        this.distro = distro;
        this.distroMapper = distroMapper;
        this.connections = connections;
    }

    /** The service's hosts as {@code selection} asks, narrowed by its selector for the consumer at {@code consumerIp}. */
    public ServiceView.Selected select(ServiceKey key, Selection selection, String consumerIp) {
        return selector.select(registry.view(key), selection, consumerIp);
    }

    /** Every instance of the service as shown (taken-offline ones too); none when it does not exist. */
    public List<Instance> hosts(ServiceKey key) {
        return registry.view(key).hosts();
    }

    /** The service, or null when it does not exist. */
    public RegisteredService service(ServiceKey key) {
        return registry.get(key);
    }

    /**
     * @throws com.nacosx.api.exception.NacosException 400 (as the official server) when the service does not exist
     */
    public RegisteredService existing(ServiceKey key) {
        return registry.existing(key);
    }

    public Collection<RegisteredService> all() {
        return registry.all();
    }

    /** The services of a namespace, of one group or of all when {@code group} is null, sorted by group and name. */
    public List<RegisteredService> list(String namespace, String group) {
        return registry.list(namespace, group);
    }

    /** The instance at ip:port in cluster, whoever published it, or null. */
    public InstanceRecord find(ServiceKey key, String ip, int port, String cluster) {
        RegisteredService service = registry.get(key);
        return service == null ? null : service.find(ip, port, cluster);
    }

    /** Each host of the service as {@code ip:port_healthy}, which peers of a 1.x cluster compare. */
    public List<String> statuses(ServiceKey key) {
        return registry.view(key).hosts().stream().map(h -> h.ip + ":" + h.port + "_" + h.healthy).toList();
    }

    public Counts counts() {
        int instances = 0;
        int responsibleInstances = 0;
        for (RegisteredService service : registry.all()) {
            for (Map.Entry<String, Publication> entry : service.publications().entrySet()) {
                int count = entry.getValue().instances().size();
                instances += count;
                if (heldHere(entry.getKey())) {
                    responsibleInstances += count;
                }
            }
        }
        int responsibleClients = 0;
        int ephemeralIpPort = 0;
        int persistentIpPort = 0;
        int legacyDatums = 0;
        for (String clientId : registry.clientIds()) {
            if (heldHere(clientId)) {
                responsibleClients++;
            }
            if (ClientIds.isBeating(clientId)) {
                ephemeralIpPort++;
            } else if (ClientIds.isPersistent(clientId)) {
                persistentIpPort++;
            } else if (ClientIds.isLegacyDatum(clientId)) {
                legacyDatums++;
            }
        }
        int clients = registry.clientCount();
        return new Counts(registry.all().size(), instances, grpcSubscribers.count() + udpSubscribers.count(),
                responsibleInstances, clients, clients - ephemeralIpPort - persistentIpPort - legacyDatums,
                ephemeralIpPort, persistentIpPort, responsibleClients);
    }

    /** Whether this node is the client's responsible node: neither a peer's replica nor a 1.x member's service. */
    private boolean heldHere(String clientId) {
        return !distro.isReplica(clientId) && !ClientIds.isLegacyDatum(clientId);
    }

    public PushState pushState() {
        long succeeded = pushes.pushedCount() + udpPusher.ackedCount();
        return new PushState(succeeded, succeeded + pushes.failedCount() + udpPusher.failedCount());
    }

    /** Which node is responsible for the 1.x instance at {@code ip:port}. */
    public Member responsible(String ip, int port) {
        return distroMapper.responsible(ip, port);
    }

    /** The service's gRPC subscribers that are still connected, then its UDP ones. */
    public List<Subscriber> subscribers(ServiceKey key) {
        List<Subscriber> all = new ArrayList<>(grpcSubscribers(key));
        for (UdpSubscribers.UdpSubscriber subscriber : udpSubscribers.of(key)) {
            all.add(new Subscriber(null, subscriber.address().getHostString(), subscriber.address().getPort(),
                    subscriber.agent(), subscriber.clusters()));
        }
        return all;
    }

    /** The service's gRPC subscribers that are still connected. */
    public List<Subscriber> grpcSubscribers(ServiceKey key) {
        List<Subscriber> found = new ArrayList<>();
        for (Map.Entry<String, String> entry : grpcSubscribers.of(key).entrySet()) {
            Connection connection = connections.get(entry.getKey());
            if (connection != null) {
                found.add(new Subscriber(entry.getKey(), connection.meta().clientIp(), 0,
                        connection.meta().clientVersion(), entry.getValue()));
            }
        }
        return found;
    }

    /** Every naming client of this node: publishers (connections and ip:port owners) and subscribing connections. */
    public SortedSet<String> clientIds() {
        TreeSet<String> ids = new TreeSet<>(registry.clientIds());
        ids.addAll(grpcSubscribers.connections());
        return ids;
    }

    public boolean isClient(String clientId) {
        return registry.clientIds().contains(clientId) || !grpcSubscribers.subscribedBy(clientId).isEmpty();
    }

    /** Everything the client publishes, service by service. */
    public Map<ServiceKey, List<InstanceRecord>> publishedBy(String clientId) {
        return registry.publishedBy(clientId);
    }

    public Set<ServiceKey> subscribedBy(String clientId) {
        return grpcSubscribers.subscribedBy(clientId);
    }

    /** When the client last beat (or registered), over all it publishes; 0 when it publishes nothing. */
    public long lastBeat(String clientId) {
        long last = 0;
        for (ServiceKey key : registry.publishedBy(clientId).keySet()) {
            Publication publication = registry.publication(clientId, key);
            if (publication != null) {
                last = Math.max(last, publication.lastBeat());
            }
        }
        return last;
    }
}
