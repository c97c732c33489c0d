package com.nacosx.config.push;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionListener;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which gRPC connections listen to which configs. Indexed both ways: a change finds its
 * listeners, a closed connection drops everything it listened to.
 */
@Component
public class ConfigListeners implements ConnectionListener {

    private final Map<ConfigKey, Set<String>> connectionsByKey = new ConcurrentHashMap<>();
    private final Map<String, Set<ConfigKey>> keysByConnection = new ConcurrentHashMap<>();

    public void listen(String connectionId, ConfigKey key) {
        keysByConnection.computeIfAbsent(connectionId, id -> ConcurrentHashMap.newKeySet()).add(key);
        connectionsByKey.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(connectionId);
    }

    public void unlisten(String connectionId, ConfigKey key) {
        keysByConnection.computeIfPresent(connectionId, (id, keys) -> {
            keys.remove(key);
            return keys.isEmpty() ? null : keys;
        });
        dropFromKey(key, connectionId);
    }

    private void dropFromKey(ConfigKey key, String connectionId) {
        connectionsByKey.computeIfPresent(key, (k, ids) -> {
            ids.remove(connectionId);
            return ids.isEmpty() ? null : ids;
        });
    }

    /** The connections listening to a config; empty when none. */
    public Set<String> of(ConfigKey key) {
        return connectionsByKey.getOrDefault(key, Set.of());
    }

    /** How many configs a connection listens to. */
    public int countOf(String connectionId) {
        return keysByConnection.getOrDefault(connectionId, Set.of()).size();
    }

    @Override
    public void disconnected(Connection connection) {
        Set<ConfigKey> keys = keysByConnection.remove(connection.id());
        if (keys != null) {
            keys.forEach(key -> dropFromKey(key, connection.id()));
        }
    }
}
