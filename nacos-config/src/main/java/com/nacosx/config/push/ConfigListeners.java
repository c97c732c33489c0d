package com.nacosx.config.push;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionListener;
import com.nacosx.core.util.CompactSet;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which gRPC connections listen to which configs, indexed both ways: a change finds its
 * listeners, a closed connection drops everything it listened to. Sized for tens of thousands of
 * connections with hundreds of configs each: one canonical key object per config, shared by
 * every connection's set, and compact sets of references.
 *
 * <p>The public namespace is one namespace however a client names it: 1.x and 2.x clients send
 * {@code ""}, 3.x clients {@code "public"}. Keys hold {@code ""}; what a connection called it is
 * remembered so that its notices name the namespace as it does (a 3.x client drops a notice for
 * a namespace it does not know by that name).
 */
@Component
public class ConfigListeners implements ConnectionListener {

    private final Map<ConfigKey, Listened> byKey = new ConcurrentHashMap<>();
    private final Map<String, CompactSet<ConfigKey>> byConnection = new ConcurrentHashMap<>();
    private final Map<String, String> publicNamespaceNames = new ConcurrentHashMap<>();

    /** A config's canonical key and the connections listening to it. */
    private record Listened(ConfigKey key, CompactSet<String> connections) {
    }

    /**
     * @param namedTenant the namespace as the client named it; for the public namespace it may be
     *                    {@code ""}, null or {@code "public"}
     */
    public void listen(String connectionId, ConfigKey key, String namedTenant) {
        if (key.tenant().isEmpty() && namedTenant != null && !namedTenant.isBlank()) {
            publicNamespaceNames.put(connectionId, namedTenant.trim());
        }
        Listened listened = byKey.compute(key, (k, existing) -> {
            Listened entry = existing == null ? new Listened(k, new CompactSet<>()) : existing;
            entry.connections().add(connectionId);
            return entry;
        });
        byConnection.computeIfAbsent(connectionId, id -> new CompactSet<>()).add(listened.key());
    }

    public void unlisten(String connectionId, ConfigKey key) {
        byConnection.computeIfPresent(connectionId, (id, keys) -> {
            keys.remove(key);
            return keys.isEmpty() ? null : keys;
        });
        dropFromKey(key, connectionId);
    }

    private void dropFromKey(ConfigKey key, String connectionId) {
        byKey.computeIfPresent(key, (k, listened) -> {
            listened.connections().remove(connectionId);
            return listened.connections().isEmpty() ? null : listened;
        });
    }

    /** The connections that listen to at least one config. */
    public int connectionCount() {
        return byConnection.size();
    }

    /** The namespace of a key as the connection names it. */
    public String tenantAsNamedBy(String connectionId, ConfigKey key) {
        return key.tenant().isEmpty() ? publicNamespaceNames.getOrDefault(connectionId, "") : key.tenant();
    }

    /** Whether any connection listens to a config at this moment. */
    public boolean isListened(ConfigKey key) {
        return byKey.containsKey(key);
    }

    /** The connections listening to a config at this moment; empty when none. */
    public List<String> of(ConfigKey key) {
        Listened listened = byKey.get(key);
        return listened == null ? List.of() : listened.connections().snapshot();
    }

    /** The configs a connection listens to at this moment; empty when none. */
    public List<ConfigKey> keysOf(String connectionId) {
        CompactSet<ConfigKey> keys = byConnection.get(connectionId);
        return keys == null ? List.of() : keys.snapshot();
    }

    @Override
    public void disconnected(Connection connection) {
        publicNamespaceNames.remove(connection.id());
        CompactSet<ConfigKey> keys = byConnection.remove(connection.id());
        if (keys != null) {
            keys.forEach(key -> dropFromKey(key, connection.id()));
        }
    }
}
