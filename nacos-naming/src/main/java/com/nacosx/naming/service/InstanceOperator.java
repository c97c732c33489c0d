package com.nacosx.naming.service;

import com.nacosx.api.exception.NacosException;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.store.NamingCommand;
import com.nacosx.naming.store.NamingWrites;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Instance writes, the same for both doors: ephemeral ones live in the registry only (and Distro
 * replicates them), persistent ones go through {@link NamingWrites} and are durable before the
 * write returns.
 */
@Component
public class InstanceOperator {

    private final ServiceRegistry registry;
    private final NamingWrites durable;

    public InstanceOperator(ServiceRegistry registry, NamingWrites durable) {
        this.registry = registry;
        this.durable = durable;
    }

    /** Publishes the client's one instance in the service, replacing what it published there before. */
    public void register(String clientId, ServiceKey key, InstanceRecord instance) {
        InstanceValidator.validate(instance);
        if (instance.ephemeral()) {
            registry.publish(clientId, key, true, List.of(instance));
        } else {
            durable.write(new NamingCommand.Register(clientId, key, instance));
        }
    }

    /** Replaces the client's instances in the service with this batch (ephemeral only, as the official). */
    public void batchRegister(String clientId, ServiceKey key, List<InstanceRecord> instances) {
        instances.forEach(InstanceValidator::validate);
        if (instances.stream().anyMatch(instance -> !instance.ephemeral())) {
            throw NacosException.badRequest("batch registration takes ephemeral instances only");
        }
        registry.publish(clientId, key, true, instances);
    }

    /** @return whether the client published such an instance */
    public boolean deregister(String clientId, ServiceKey key, String ip, int port, String cluster, boolean ephemeral) {
        if (ephemeral) {
            return registry.unpublish(clientId, key, instance -> instance.sameEndpoint(ip, port, cluster));
        }
        return (Boolean) durable.write(new NamingCommand.Deregister(clientId, key, ip, port, cluster));
    }

    /**
     * Changes an instance a 1.x client registered (weight, health, enabled, metadata).
     *
     * @throws NacosException 400 when no such instance exists
     */
    public void update(ServiceKey key, InstanceRecord instance) {
        InstanceValidator.validate(instance);
        change(key, instance.ip(), instance.port(), instance.cluster(), instance.ephemeral(), current -> instance);
    }

    /** Applies {@code change} to the instance at ip:port in cluster, registered by a 1.x client or as persistent. */
    public void change(ServiceKey key, String ip, int port, String cluster, boolean ephemeral,
            UnaryOperator<InstanceRecord> change) {
        String clientId = ClientIds.ofAddress(ip, port, ephemeral);
        InstanceRecord current = find(clientId, key, ip, port, cluster);
        if (current == null) {
            throw NacosException.badRequest("instance not exist: " + ip + ":" + port + " in cluster " + cluster
                    + " of service " + key.grouped() + "; register it first");
        }
        if (ephemeral) {
            registry.replaceInstances(clientId, key, instance -> instance.sameEndpoint(ip, port, cluster), change);
        } else {
            durable.write(new NamingCommand.Replace(clientId, key, ip, port, cluster, change.apply(current)));
        }
    }

    /**
     * Merges {@code metadata} into (or, with {@code remove}, drops its keys from) the metadata of
     * the service's instances, all of them when {@code targets} is empty. Only instances this node
     * owns can change: those registered over HTTP (not by a gRPC connection, whose client owns
     * them) and, in a cluster, ephemeral ones only on their responsible node.
     *
     * @return the instances changed, as the official names them: {@code ip:port:unknown:cluster:ephemeral|persist}
     */
    public List<String> changeMetadata(ServiceKey key, boolean ephemeral, List<InstanceRecord> targets,
            Map<String, String> metadata, boolean remove) {
        RegisteredService service = registry.get(key);
        if (service == null) {
            return List.of();
        }
        List<InstanceRecord> chosen = service.instances().stream()
                .filter(instance -> instance.ephemeral() == ephemeral)
                .filter(instance -> targets.isEmpty() || targets.stream().anyMatch(instance::sameEndpoint))
                .toList();
        List<String> changed = new ArrayList<>();
        for (InstanceRecord instance : chosen) {
            String clientId = ClientIds.ofAddress(instance.ip(), instance.port(), ephemeral);
            if (find(clientId, key, instance.ip(), instance.port(), instance.cluster()) == null
                    || ephemeral && registry.isRemote(clientId)) {
                continue;
            }
            change(key, instance.ip(), instance.port(), instance.cluster(), ephemeral, current -> {
                Map<String, String> merged = new HashMap<>(current.metadata());
                if (remove) {
                    merged.keySet().removeAll(metadata.keySet());
                } else {
                    merged.putAll(metadata);
                }
                return current.withMetadata(merged);
            });
            changed.add(instance.ip() + ":" + instance.port() + ":unknown:" + instance.cluster() + ":"
                    + (ephemeral ? "ephemeral" : "persist"));
        }
        return changed;
    }

    /** The instance at ip:port in cluster, whoever published it, or null. */
    public InstanceRecord find(ServiceKey key, String ip, int port, String cluster) {
        RegisteredService service = registry.get(key);
        if (service == null) {
            return null;
        }
        for (Publication publication : service.publications().values()) {
            for (InstanceRecord instance : publication.instances()) {
                if (instance.sameEndpoint(ip, port, cluster)) {
                    return instance;
                }
            }
        }
        return null;
    }

    private InstanceRecord find(String clientId, ServiceKey key, String ip, int port, String cluster) {
        Publication publication = registry.publication(clientId, key);
        if (publication == null) {
            return null;
        }
        return publication.instances().stream().filter(i -> i.sameEndpoint(ip, port, cluster)).findFirst().orElse(null);
    }
}
