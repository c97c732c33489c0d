package com.nacosx.naming.push;

import com.nacosx.naming.model.ServiceKey;
import org.springframework.stereotype.Component;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The 1.x clients that asked for UDP pushes by listing a service with {@code udpPort} and
 * {@code clientIP}. Such a client lists the service again every 10 s; one that stopped for
 * {@link #EXPIRY_MILLIS} is forgotten.
 */
@Component
public class UdpSubscribers {

    static final long EXPIRY_MILLIS = 30_000;

    /** One subscriber: where it listens, the clusters it asked for, its agent, when it last listed. */
    public record UdpSubscriber(InetSocketAddress address, String clusters, String agent, long lastSeen) {
    }

    private final Map<ServiceKey, Map<InetSocketAddress, UdpSubscriber>> byService = new ConcurrentHashMap<>();

    public void seen(ServiceKey key, InetSocketAddress address, String clusters, String agent) {
        byService.computeIfAbsent(key, k -> new ConcurrentHashMap<>())
                .put(address, new UdpSubscriber(address, clusters == null ? "" : clusters, agent,
                        System.currentTimeMillis()));
    }

    /** The live subscribers of the service; expired ones are dropped on the way. */
    public List<UdpSubscriber> of(ServiceKey key) {
        Map<InetSocketAddress, UdpSubscriber> subscribers = byService.get(key);
        if (subscribers == null) {
            return List.of();
        }
        long cutoff = System.currentTimeMillis() - EXPIRY_MILLIS;
        List<UdpSubscriber> live = new ArrayList<>(subscribers.size());
        for (UdpSubscriber subscriber : subscribers.values()) {
            if (subscriber.lastSeen() < cutoff) {
                subscribers.remove(subscriber.address(), subscriber);
            } else {
                live.add(subscriber);
            }
        }
        return live;
    }

    /** Whether the service has UDP subscribers, live or not yet expired. */
    public boolean any(ServiceKey key) {
        return byService.containsKey(key);
    }

    /** The services with subscribers not yet expired (a live view). */
    public Set<ServiceKey> services() {
        return byService.keySet();
    }

    public int count() {
        int count = 0;
        for (Map<InetSocketAddress, UdpSubscriber> subscribers : byService.values()) {
            count += subscribers.size();
        }
        return count;
    }

    /** Forgets subscribers that stopped listing; called periodically. */
    public void expire() {
        for (ServiceKey key : byService.keySet()) {
            of(key);
            byService.computeIfPresent(key, (k, subscribers) -> subscribers.isEmpty() ? null : subscribers);
        }
    }
}
