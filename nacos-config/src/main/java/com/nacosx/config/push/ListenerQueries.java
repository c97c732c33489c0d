package com.nacosx.config.push;

import com.nacosx.config.cache.CachedConfig;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionManager;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.Map;

/**
 * Who listens to what on this node: the 1.x long polls held now (with the md5 each client sent)
 * and the 2.x connections. A 2.x listener is shown with the config's current md5: the server keeps
 * no md5 per listener (19,500 connections x 200 configs would hold millions), and a listener is
 * pushed every change, so it holds the current one unless a push is under way.
 */
@Component
public class ListenerQueries {

    private final LongPollHolder longPolls;
    private final ConfigListeners listeners;
    private final ConnectionManager connections;
    private final ConfigCache cache;

    public ListenerQueries(LongPollHolder longPolls, ConfigListeners listeners, ConnectionManager connections,
            ConfigCache cache) {
        this.longPolls = longPolls;
        this.listeners = listeners;
        this.connections = connections;
        this.cache = cache;
    }

    /** What the client at {@code ip} listens to here: group key to md5. */
    public Map<String, String> listenedBy(String ip) {
        Map<String, String> listened = new HashMap<>(longPolls.listenedBy(ip));
        for (Connection connection : connections.byClientIp(ip)) {
            listeners.keysOf(connection.id()).forEach(key -> listened.put(key.groupKey(), currentMd5(key)));
        }
        return listened;
    }

    /** Who listens to a config here: client IP to md5. */
    public Map<String, String> listenersOf(ConfigKey key) {
        Map<String, String> listening = new HashMap<>(longPolls.listenersOf(key));
        for (String connectionId : listeners.of(key)) {
            Connection connection = connections.get(connectionId);
            if (connection != null) {
                listening.put(connection.meta().clientIp(), currentMd5(key));
            }
        }
        return listening;
    }

    private String currentMd5(ConfigKey key) {
        CachedConfig cached = cache.get(key);
        return cached == null || cached.formal() == null ? ConfigCache.ABSENT_MD5 : cached.formal().md5();
    }
}
