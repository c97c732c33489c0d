package com.nacosx.naming.push;

import com.nacosx.api.remote.naming.NotifySubscriberRequest;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.remote.OutboundPush;
import com.nacosx.core.remote.ServerPush;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.NamingSwitches;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.Selection;
import com.nacosx.naming.registry.ServiceChangeListener;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.registry.ServiceView;
import com.nacosx.naming.selector.ServiceSelector;
import com.nacosx.core.util.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Pushes a changed service to its subscribers: {@code NotifySubscriberRequest} over gRPC (acked,
 * retried) and a UDP datagram to 1.x clients; subscribers asking for the same clusters share one
 * encoded request. A service is pushed at most once per {@code pushTaskDelay}: a change to a
 * service not pushed within that window goes out at once, later ones are folded into one push at
 * the window's end, of the view at that moment. (The official server always waits the delay; an
 * isolated change reaches subscribers 500 ms sooner here, and a burst still costs two pushes.)
 */
@Component
public class PushScheduler implements ServiceChangeListener, DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(PushScheduler.class);

    private final ServiceRegistry registry;
    private final GrpcSubscribers grpcSubscribers;
    private final UdpSubscribers udpSubscribers;
    private final UdpPusher udpPusher;
    private final ServerPush serverPush;
    private final NamingProperties.Push settings;
    private final NamingSwitches switches;
    private final ServiceSelector selector;
    private final ConnectionManager connections;
    private final Set<ServiceKey> pending = ConcurrentHashMap.newKeySet();
    /** When each recently pushed service may be pushed again, in System.nanoTime. */
    private final Map<ServiceKey, Long> windowEnds = new ConcurrentHashMap<>();
    private final AtomicLong pushed = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final ScheduledExecutorService executor =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("naming-push"));

    public PushScheduler(ServiceRegistry registry, GrpcSubscribers grpcSubscribers, UdpSubscribers udpSubscribers,
            UdpPusher udpPusher, ServerPush serverPush, NamingProperties properties, NamingSwitches switches,
            ServiceSelector selector, ConnectionManager connections) {
        this.selector = selector;
        this.connections = connections;
        this.registry = registry;
        this.grpcSubscribers = grpcSubscribers;
        this.udpSubscribers = udpSubscribers;
        this.udpPusher = udpPusher;
        this.serverPush = serverPush;
        this.settings = properties.push();
        serverPush.expect(new NotifySubscriberRequest());
        this.switches = switches;
        executor.scheduleWithFixedDelay(this::forgetClosedWindows, 10, 10, TimeUnit.SECONDS);
    }

    @Override
    public void serviceChanged(ServiceKey key) {
        // Most changes have no one to tell; those cost two map lookups.
        if (grpcSubscribers.of(key).isEmpty() && !udpSubscribers.any(key)) {
            return;
        }
        if (!pending.add(key)) {
            return;
        }
        Long windowEnd = windowEnds.get(key);
        long wait = windowEnd == null ? 0 : Math.max(0, windowEnd - System.nanoTime());
        executor.schedule(() -> {
            // A change after this point either finds the new window or is already in the view read below.
            windowEnds.put(key, System.nanoTime() + settings.pushTaskDelay().toNanos());
            pending.remove(key);
            pushNow(key);
        }, wait, TimeUnit.NANOSECONDS);
    }

    /**
     * A connection subscribed to the service: after the push delay it is pushed the service's view,
     * as the official server does. A 2.x client that subscribes again on the node it moved to (its
     * redo) does not read the answer; without this push it kept the list it had, which may have
     * missed a change made while it moved, until the service's next change (found by the fault
     * runs: an instance gone from every node stayed on a subscriber for 100 s).
     */
    public void subscribed(String connectionId, ServiceKey key) {
        executor.schedule(() -> {
            String clusters = grpcSubscribers.of(key).get(connectionId);
            RegisteredService service = registry.get(key);
            if (clusters != null && service != null && switches.pushEnabled()) {
                pushOverGrpc(key, service.view(), Map.of(connectionId, clusters));
            }
        }, settings.pushTaskDelay().toMillis(), TimeUnit.MILLISECONDS);
    }

    private void forgetClosedWindows() {
        long now = System.nanoTime();
        windowEnds.values().removeIf(end -> end - now < 0);
        udpSubscribers.expire();
    }

    /** Services changed and waiting for their push. */
    public int pendingCount() {
        return pending.size();
    }

    /** gRPC pushes acked by clients. */
    public long pushedCount() {
        return pushed.get();
    }

    /** gRPC pushes given up. */
    public long failedCount() {
        return failed.get();
    }

    private String clientIpOf(String connectionId) {
        Connection connection = connections.get(connectionId);
        return connection == null ? null : connection.meta().clientIp();
    }

    private void pushNow(ServiceKey key) {
        RegisteredService service = registry.get(key);
        if (service == null || !switches.pushEnabled()) {
            return;
        }
        try {
            ServiceView view = service.view();
            pushOverGrpc(key, view, grpcSubscribers.of(key));
            for (UdpSubscribers.UdpSubscriber subscriber : udpSubscribers.of(key)) {
                byte[] json = selector.select(view, new Selection(subscriber.clusters(), false, true),
                        subscriber.address().getHostString()).json();
                udpPusher.push(subscriber.address(), json);
            }
        } catch (RuntimeException e) {
            LOG.error("push of {} failed", key, e);
        }
    }

    /** Subscribers that get the same push: the clusters they asked for, and what a selector picked for them. */
    private record Audience(String clusters, Map<String, String> wanted) {
    }

    /** Pushes the view to the subscribers, each with the clusters it asked for, by connection. */
    private void pushOverGrpc(ServiceKey key, ServiceView view, Map<String, String> subscribers) {
        Map<Audience, OutboundPush> byAudience = new HashMap<>();
        boolean selective = selector.narrows(view.meta());
        for (Map.Entry<String, String> subscriber : subscribers.entrySet()) {
            String connectionId = subscriber.getKey();
            Audience audience = new Audience(subscriber.getValue(),
                    selective ? selector.wanted(view.meta(), clientIpOf(connectionId)) : Map.of());
            OutboundPush push = byAudience.computeIfAbsent(audience, group -> Connection.prepare(
                    NotifySubscriberRequest.of(key.namespace(), selector.select(view,
                            new Selection(group.clusters(), false, false), group.wanted()).info())));
            serverPush.push(connectionId, push, settings.ackTimeout(), settings.maxRetryTime())
                    .thenAccept(delivered -> {
                        if (delivered) {
                            pushed.incrementAndGet();
                        } else {
                            failed.incrementAndGet();
                            LOG.warn("[{}] gave up pushing {}: asking it to reconnect and subscribe again", connectionId,
                                    key);
                            // Left as it is, the subscriber would keep the list it had until the next change.
                            Connection stale = connections.get(connectionId);
                            if (stale != null) {
                                connections.reset(stale, null);
                            }
                        }
                    });
        }
    }

    @Override
    public void destroy() {
        executor.shutdownNow();
    }
}
