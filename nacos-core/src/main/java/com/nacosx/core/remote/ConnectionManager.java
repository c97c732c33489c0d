package com.nacosx.core.remote;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.core.ClientDetectionRequest;
import com.nacosx.api.remote.core.ConnectResetRequest;
import com.nacosx.core.control.ConnectionControl;
import com.nacosx.core.util.Listeners;
import com.nacosx.core.util.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The registered connections of this node. A connection is registered by its setup on the
 * bi-stream and unregistered the moment its stream or transport ends, or when it stays silent
 * and does not answer a {@link ClientDetectionRequest}; listeners are told either way.
 */
@Component
public class ConnectionManager implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.core.remote");

    private final Map<String, Connection> connections = new ConcurrentHashMap<>();
    private final Map<String, Integer> countByIp = new ConcurrentHashMap<>();
    private final Listeners<ConnectionListener> listeners = new Listeners<>("a closed connection");
    private final RemoteProperties.Connections settings;
    private final ConnectionControl control;
    private ScheduledExecutorService prober;

    public ConnectionManager(RemoteProperties properties, ConnectionControl control) {
        this.settings = properties.connection();
        this.control = control;
    }

    /**
     * @return false when the node or the client's address is at its connection limit, this node's
     * own ({@code nacos.remote.server.connection.*}) or the control plugin's rule; the address is
     * the socket's, which a client cannot choose as it chooses the IP it reports
     */
    public boolean register(Connection connection) {
        String ip = connection.meta().remoteIp();
        int fromIp = countByIp.getOrDefault(ip, 0);
        if (overLimit(settings.limit(), connections.size()) || overLimit(settings.limitPerIp(), fromIp)) {
            LOG.warn("[{}] refused: {} connections held, {} from {}", connection.id(), connections.size(), fromIp, ip);
            return false;
        }
        String refusal = control.refuse(ip, connections.size(), fromIp);
        if (refusal != null) {
            LOG.warn("[{}] refused by the connection rule: {}", connection.id(), refusal);
            return false;
        }
        if (connections.putIfAbsent(connection.id(), connection) != null) {
            return true;
        }
        countByIp.merge(ip, 1, Integer::sum);
        LOG.info("[{}] connected: client {} version {} app {}", connection.id(), ip, connection.meta().clientVersion(),
                connection.meta().appName());
        return true;
    }

    private static boolean overLimit(int limit, int held) {
        return limit >= 0 && held >= limit;
    }

    /** Drops a connection, closes its stream and tells the listeners; a no-op for unknown ids. */
    public void unregister(String connectionId, String reason) {
        Connection connection = connections.remove(connectionId);
        if (connection == null) {
            return;
        }
        countByIp.computeIfPresent(connection.meta().remoteIp(), (ip, count) -> count <= 1 ? null : count - 1);
        connection.close();
        LOG.info("[{}] disconnected: {}", connectionId, reason);
        listeners.tell(listener -> listener.disconnected(connection));
    }

    public void addListener(ConnectionListener listener) {
        listeners.enrol(listener);
    }

    public Connection get(String connectionId) {
        return connectionId == null ? null : connections.get(connectionId);
    }

    public void acknowledge(String connectionId, Response response) {
        Connection connection = get(connectionId);
        if (connection != null) {
            connection.acknowledge(response);
        }
    }

    public Collection<Connection> all() {
        return connections.values();
    }

    public int count() {
        return connections.size();
    }

    public List<Connection> byClientIp(String ip) {
        return connections.values().stream().filter(c -> c.meta().clientIp().equals(ip)).toList();
    }

    /**
     * Asks a client to reconnect, to {@code redirect} ({@code ip:port}) or to any server of its
     * list when null, then drops the connection.
     */
    public void reset(Connection connection, String redirect) {
        ConnectResetRequest reset = new ConnectResetRequest();
        if (redirect != null && redirect.contains(":")) {
            reset.serverIp = redirect.substring(0, redirect.lastIndexOf(':'));
            reset.serverPort = redirect.substring(redirect.lastIndexOf(':') + 1);
        }
        reset.connectionId = connection.id();
        connection.request(reset, settings.probeTimeout().toMillis())
                .whenComplete((answer, error) -> {
                    if (connections.get(connection.id()) == connection) {
                        unregister(connection.id(), "reset by the server");
                    } else {
                        connection.close();
                    }
                });
    }

    /**
     * Asks client connections beyond the first {@code keep} to reconnect elsewhere.
     *
     * @return how many were asked
     */
    public int shedDownTo(int keep, String redirect) {
        List<Connection> clients = connections.values().stream()
                .filter(c -> c.meta().isSdk())
                .sorted(Comparator.comparingLong(c -> c.meta().createTime()))
                .toList();
        List<Connection> shed = clients.subList(Math.min(Math.max(keep, 0), clients.size()), clients.size());
        shed.forEach(connection -> reset(connection, redirect));
        return shed.size();
    }

    /** Asks silent connections whether they are alive and drops those that do not answer. */
    private void probeSilentConnections() {
        long silentSince = System.currentTimeMillis() - settings.idleTimeout().toMillis();
        for (Connection connection : connections.values()) {
            if (connection.lastActiveTime() < silentSince) {
                connection.request(new ClientDetectionRequest(), settings.probeTimeout().toMillis())
                        .whenComplete((answer, error) -> {
                            if (error != null || !answer.isSuccess()) {
                                unregister(connection.id(), "silent for " + settings.idleTimeout().toSeconds()
                                        + " s and did not answer the detection");
                            }
                        });
            }
        }
    }

    @Override
    public void start() {
        prober = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("connection-prober"));
        prober.scheduleWithFixedDelay(this::probeSilentConnections, 3, 3, TimeUnit.SECONDS);
    }

    @Override
    public void stop() {
        prober.shutdownNow();
        List.copyOf(connections.keySet()).forEach(id -> unregister(id, "server shutting down"));
    }

    @Override
    public boolean isRunning() {
        return prober != null && !prober.isShutdown();
    }
}
