package com.nacosx.naming.service;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.core.replication.CommandLog;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.push.GrpcSubscribers;
import com.nacosx.naming.push.UdpSubscribers;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.selector.LabelExpression;
import com.nacosx.naming.store.NamingCommand;
import org.springframework.stereotype.Component;

import java.net.InetSocketAddress;
import java.util.Set;

/**
 * Services and who subscribes to them. Service and cluster metadata writes are durable before
 * they return; subscriptions live in memory with their subscriber (a gRPC connection, or a 1.x
 * client that asks for the list with its UDP port).
 */
@Component
public class ServiceService {

    /** The checkers a cluster may use; MYSQL is not among them here. */
    private static final Set<String> CHECKERS = Set.of("TCP", "HTTP", "NONE");

    private final CommandLog<ServiceRegistry> durable;
    private final GrpcSubscribers grpcSubscribers;
    private final UdpSubscribers udpSubscribers;

    public ServiceService(CommandLog<ServiceRegistry> durable, GrpcSubscribers grpcSubscribers,
            UdpSubscribers udpSubscribers) {
        this.durable = durable;
        this.grpcSubscribers = grpcSubscribers;
        this.udpSubscribers = udpSubscribers;
    }

    /** @throws NacosException 400 on a selector other than none or a valid label expression */
    public void create(ServiceKey key, boolean ephemeral, ServiceMeta meta) {
        LabelExpression.check(meta.selectorType(), meta.selectorExpression());
        durable.submitAndWait(new NamingCommand.CreateService(key, ephemeral, meta));
    }

    /** @throws NacosException 400 on a selector other than none or a valid label expression */
    public void update(ServiceKey key, ServiceMeta meta) {
        LabelExpression.check(meta.selectorType(), meta.selectorExpression());
        durable.submitAndWait(new NamingCommand.UpdateService(key, meta));
    }

    /**
     * Sets how the server checks a cluster's persistent instances.
     *
     * @throws NacosException 400 on a checker other than TCP, HTTP or NONE
     */
    public void updateCluster(ServiceKey key, String cluster, ClusterMeta meta) {
        if (!CHECKERS.contains(meta.checkerType())) {
            throw NacosException.badRequest("Param 'healthChecker' has unknown type '"
                    + Shown.bounded(meta.checkerType()) + "'; use TCP, HTTP or NONE");
        }
        durable.submitAndWait(new NamingCommand.UpdateCluster(key, cluster, meta));
    }

    public void remove(ServiceKey key) {
        durable.submitAndWait(new NamingCommand.RemoveService(key));
    }

    /** The connection is pushed the service's changes, of {@code clusters} (comma-separated; empty: all). */
    public void subscribe(String connectionId, ServiceKey key, String clusters) {
        grpcSubscribers.subscribe(connectionId, key, clusters);
    }

    public void unsubscribe(String connectionId, ServiceKey key) {
        grpcSubscribers.unsubscribe(connectionId, key);
    }

    /** A 1.x client asked for the list with its UDP address: it is pushed changes there while it keeps asking. */
    public void seenUdpSubscriber(ServiceKey key, InetSocketAddress address, String clusters, String agent) {
        udpSubscribers.seen(key, address, clusters, agent);
    }
}
