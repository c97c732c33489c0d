package com.nacosx.naming.store;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceOverride;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.core.replication.Command;
import com.nacosx.naming.registry.ServiceRegistry;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A change to the durable part of the registry (persistent instances, service and cluster
 * metadata). Commands are values: in a cluster they travel through the Raft group and every node
 * applies the same ones in the same order; on a standalone node they are applied at once.
 *
 * @param <R> what applying it yields to its submitter
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.SIMPLE_NAME, property = "op")
@JsonSubTypes({
        @JsonSubTypes.Type(NamingCommand.Register.class), @JsonSubTypes.Type(NamingCommand.Deregister.class),
        @JsonSubTypes.Type(NamingCommand.Replace.class), @JsonSubTypes.Type(NamingCommand.SetHealthy.class),
        @JsonSubTypes.Type(NamingCommand.CreateService.class),
        @JsonSubTypes.Type(NamingCommand.UpdateService.class), @JsonSubTypes.Type(NamingCommand.UpdateCluster.class),
        @JsonSubTypes.Type(NamingCommand.RemoveService.class),
        @JsonSubTypes.Type(NamingCommand.RemoveEmptyService.class), @JsonSubTypes.Type(NamingCommand.SetOverride.class),
        @JsonSubTypes.Type(NamingCommand.DropOverrideIfGone.class)})
public sealed interface NamingCommand<R> extends Command<ServiceRegistry, R> {

    /** Applies the change to the registry, which does it at once. */
    R applyNow(ServiceRegistry registry);

    @Override
    default CompletableFuture<R> applyTo(ServiceRegistry registry) {
        return CompletableFuture.completedFuture(applyNow(registry));
    }

    /** A persistent instance, published by its own client {@code ip:port#false}. */
    record Register(String clientId, ServiceKey key, InstanceRecord instance) implements NamingCommand<Void> {
        @Override
        public Void applyNow(ServiceRegistry registry) {
            registry.publish(clientId, key, false, List.of(instance));
            return null;
        }
    }

    /** @return whether the instance was there */
    record Deregister(String clientId, ServiceKey key, String ip, int port, String cluster) implements NamingCommand<Boolean> {
        @Override
        public Boolean applyNow(ServiceRegistry registry) {
            return registry.unpublish(clientId, key, instance -> instance.sameEndpoint(ip, port, cluster));
        }
    }

    /** Replaces the instance at ip:port in cluster with {@code instance} (weight, health, metadata). */
    record Replace(String clientId, ServiceKey key, String ip, int port, String cluster, InstanceRecord instance)
            implements NamingCommand<Boolean> {
        @Override
        public Boolean applyNow(ServiceRegistry registry) {
            return registry.replaceInstances(clientId, key, current -> current.sameEndpoint(ip, port, cluster),
                    current -> instance);
        }
    }

    /** A health check's verdict on the instance at ip:port in cluster; other fields stay as they are. */
    record SetHealthy(String clientId, ServiceKey key, String ip, int port, String cluster, boolean healthy)
            implements NamingCommand<Boolean> {
        @Override
        public Boolean applyNow(ServiceRegistry registry) {
            return registry.setHealthy(clientId, key, instance -> instance.sameEndpoint(ip, port, cluster), healthy);
        }
    }

    record CreateService(ServiceKey key, boolean ephemeral, ServiceMeta meta) implements NamingCommand<Void> {
        @Override
        public Void applyNow(ServiceRegistry registry) {
            registry.create(key, ephemeral, meta);
            return null;
        }
    }

    record UpdateService(ServiceKey key, ServiceMeta meta) implements NamingCommand<Void> {
        @Override
        public Void applyNow(ServiceRegistry registry) {
            registry.updateMeta(key, meta);
            return null;
        }
    }

    record UpdateCluster(ServiceKey key, String cluster, ClusterMeta meta) implements NamingCommand<Void> {
        @Override
        public Void applyNow(ServiceRegistry registry) {
            registry.updateCluster(key, cluster, meta);
            return null;
        }
    }

    record RemoveService(ServiceKey key) implements NamingCommand<Void> {
        @Override
        public Void applyNow(ServiceRegistry registry) {
            registry.remove(key);
            return null;
        }
    }

    /** @return whether the service had been empty since before {@code cutoff} and is gone */
    record RemoveEmptyService(ServiceKey key, long cutoff) implements NamingCommand<Boolean> {
        @Override
        public Boolean applyNow(ServiceRegistry registry) {
            return registry.removeIfEmptySince(key, cutoff);
        }
    }

    /** What an operator set on the instance at {@code endpoint} of a service, laid over what its client published. */
    record SetOverride(ServiceKey key, String endpoint, InstanceOverride override) implements NamingCommand<Void> {
        @Override
        public Void applyNow(ServiceRegistry registry) {
            registry.override(key, endpoint, override);
            return null;
        }
    }

    /** @return whether the override was dropped (no instance is published at its endpoint) */
    record DropOverrideIfGone(ServiceKey key, String endpoint) implements NamingCommand<Boolean> {
        @Override
        public Boolean applyNow(ServiceRegistry registry) {
            return registry.dropOverrideIfGone(key, endpoint);
        }
    }
}
