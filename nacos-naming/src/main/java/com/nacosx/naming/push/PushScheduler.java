package com.nacosx.naming.push;

import com.nacosx.api.remote.naming.NotifySubscriberRequest;
import com.nacosx.core.remote.Connection;
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
    private final Set<ServiceKey> pending = ConcurrentHashMap.newKeySet();
    /** When each recently pushed service may be pushed again, in System.nanoTime. */
    private final Map<ServiceKey, Long> windowEnds = new ConcurrentHashMap<>();
    private final AtomicLong pushed = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final ScheduledExecutorService executor =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("naming-push"));

    public PushScheduler(ServiceRegistry registry, GrpcSubscribers grpcSubscribers, UdpSubscribers udpSubscribers,
            UdpPusher udpPusher, ServerPush serverPush, NamingProperties properties, NamingSwitches switches) {
        this.registry = registry;
        this.grpcSubscribers = grpcSubscribers;
        this.udpSubscribers = udpSubscribers;
        this.udpPusher = udpPusher;
        this.serverPush = serverPush;
        this.settings = properties.push();
        serverPush.expect(new NotifySubscriberRequest());
        this.switches = switches;
        registry.addListener(this);
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

    private void pushNow(ServiceKey key) {
        RegisteredService service = registry.get(key);
        if (service == null || !switches.pushEnabled()) {
            return;
        }
        try {
            ServiceView view = service.view();
            pushOverGrpc(key, view);
            for (UdpSubscribers.UdpSubscriber subscriber : udpSubscribers.of(key)) {
                byte[] json = view.select(new Selection(subscriber.clusters(), false, true)).json();
                udpPusher.push(subscriber.address(), json);
            }
        } catch (RuntimeException e) {
            LOG.error("push of {} failed", key, e);
        }
    }

    private void pushOverGrpc(ServiceKey key, ServiceView view) {
        Map<String, OutboundPush> byClusters = new HashMap<>();
        for (Map.Entry<String, String> subscriber : grpcSubscribers.of(key).entrySet()) {
            OutboundPush push = byClusters.computeIfAbsent(subscriber.getValue(), clusters -> Connection.prepare(
                    new NotifySubscriberRequest(key.namespace(),
                            view.select(new Selection(clusters, false, false)).info())));
            String connectionId = subscriber.getKey();
            serverPush.push(connectionId, push, settings.ackTimeout(), settings.maxRetryTime())
                    .thenAccept(delivered -> {
                        if (delivered) {
                            pushed.incrementAndGet();
                        } else {
                            failed.incrementAndGet();
                            LOG.warn("[{}] gave up pushing {}", connectionId, key);
                        }
                    });
        }
    }

    @Override
    public void destroy() {
        executor.shutdownNow();
    }
}
