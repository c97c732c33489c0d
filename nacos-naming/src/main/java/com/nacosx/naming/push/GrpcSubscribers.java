package com.nacosx.naming.push;

import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionListener;
import com.nacosx.naming.model.ServiceKey;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which gRPC connections subscribe to which service, and with which clusters. A connection's
 * subscriptions go with it.
 */
@Component
public class GrpcSubscribers implements ConnectionListener {

    private final Map<ServiceKey, Map<String, String>> clustersByConnection = new ConcurrentHashMap<>();
    private final Map<String, Set<ServiceKey>> servicesByConnection = new ConcurrentHashMap<>();

    public void subscribe(String connectionId, ServiceKey key, String clusters) {
        servicesByConnection.computeIfAbsent(connectionId, id -> ConcurrentHashMap.newKeySet()).add(key);
        clustersByConnection.computeIfAbsent(key, k -> new ConcurrentHashMap<>())
                .put(connectionId, clusters == null ? "" : clusters);
    }

    public void unsubscribe(String connectionId, ServiceKey key) {
        Set<ServiceKey> keys = servicesByConnection.get(connectionId);
        if (keys != null) {
            keys.remove(key);
        }
        drop(connectionId, key);
    }

    /** Connection id to the clusters it asked for, of the service's subscribers. */
    public Map<String, String> of(ServiceKey key) {
        Map<String, String> subscribers = clustersByConnection.get(key);
        return subscribers == null ? Map.of() : subscribers;
    }

    /** The services a connection subscribes to; empty when none. */
    public Set<ServiceKey> subscribedBy(String connectionId) {
        Set<ServiceKey> keys = servicesByConnection.get(connectionId);
        return keys == null ? Set.of() : Set.copyOf(keys);
    }

    /** The connections that subscribe to at least one service (a live view). */
    public Set<String> connections() {
        return servicesByConnection.keySet();
    }

    /** The services with at least one subscriber (a live view). */
    public Set<ServiceKey> services() {
        return clustersByConnection.keySet();
    }

    public int count() {
        int count = 0;
        for (Map<String, String> subscribers : clustersByConnection.values()) {
            count += subscribers.size();
        }
        return count;
    }

    @Override
    public void disconnected(Connection connection) {
        Set<ServiceKey> keys = servicesByConnection.remove(connection.id());
        if (keys != null) {
            for (ServiceKey key : keys) {
                drop(connection.id(), key);
            }
        }
    }

    private void drop(String connectionId, ServiceKey key) {
        clustersByConnection.computeIfPresent(key, (k, subscribers) -> {
            subscribers.remove(connectionId);
            return subscribers.isEmpty() ? null : subscribers;
        });
    }
}
