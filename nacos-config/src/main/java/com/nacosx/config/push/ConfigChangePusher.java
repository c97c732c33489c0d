package com.nacosx.config.push;

import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.config.ConfigProperties;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.service.ConfigChangeListener;
import com.nacosx.core.metrics.NacosMeters;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.OutboundPush;
import com.nacosx.core.remote.ServerPush;
import com.nacosx.core.util.DaemonThreads;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tells every gRPC connection listening to a changed config with a
 * {@code ConfigChangeNotifyRequest}; the client then queries the config. A change waits
 * {@code nacos.config.push.merge-window} for others (as the official server merges changes in its
 * dump tasks, run every 100 ms); then everything gathered is pushed connection by connection, so
 * that the notices for one connection leave in one network write, and a config changed twice
 * meanwhile is pushed once (the client reads the latest content either way). Pushes are retried
 * until acked ({@code nacos.config.push.*}); at most {@code max-in-flight} wait for their ack at once.
 */
@Component
public class ConfigChangePusher implements ConfigChangeListener, DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigChangePusher.class);

    private final ConfigListeners listeners;
    private final ServerPush push;
    private final ConfigProperties.Push settings;
    private final Semaphore inFlight;
    private final Timer notifyTime;
    private final Counter givenUp;
    private final Set<ConfigKey> changed = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean fanOutScheduled = new AtomicBoolean();
    private final ScheduledExecutorService fanOut =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("config-push"));

    public ConfigChangePusher(ConfigListeners listeners, ServerPush push, ConfigProperties properties,
            MeterRegistry metrics) {
        this.listeners = listeners;
        this.push = push;
        this.settings = properties.push();
        push.expect(new ConfigChangeNotifyRequest());
        this.inFlight = new Semaphore(settings.maxInFlight());
        this.notifyTime = NacosMeters.timer(metrics, NacosMeters.CONFIG, "notifyRt");
        this.givenUp = NacosMeters.exception(metrics, NacosMeters.CONFIG, "configNotify");
    }

    /** Pushes sent and not yet acked or given up. */
    public int awaitingAck() {
        return settings.maxInFlight() - inFlight.availablePermits();
    }

    /** Changed configs gathered for the next fan-out. */
    public int awaitingFanOut() {
        return changed.size();
    }

    @Override
    public void configChanged(ConfigKey key) {
        if (!listeners.isListened(key)) {
            return;
        }
        changed.add(key);
        if (fanOutScheduled.compareAndSet(false, true)) {
            fanOut.schedule(this::pushChanged, settings.mergeWindow().toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /**
     * Pushes every change gathered so far. The flag is cleared first: a change that comes while
     * the set is drained is either taken now or schedules the next round.
     */
    private void pushChanged() {
        fanOutScheduled.set(false);
        Map<String, List<Notice>> byConnection = new HashMap<>();
        for (Iterator<ConfigKey> keys = changed.iterator(); keys.hasNext(); ) {
            ConfigKey key = keys.next();
            keys.remove();
            Map<String, Notice> byNamespaceName = new HashMap<>(2);
            for (String connectionId : listeners.of(key)) {
                Notice notice = byNamespaceName.computeIfAbsent(listeners.tenantAsNamedBy(connectionId, key),
                        tenant -> new Notice(key, Connection.prepare(
                                new ConfigChangeNotifyRequest(key.dataId(), key.group(), tenant))));
                byConnection.computeIfAbsent(connectionId, id -> new ArrayList<>(2)).add(notice);
            }
        }
        int mostAtOnce = settings.maxInFlight();
        byConnection.forEach((connectionId, notices) -> {
            for (int from = 0; from < notices.size(); from += mostAtOnce) {
                notify(connectionId, notices.subList(from, Math.min(notices.size(), from + mostAtOnce)));
            }
        });
    }

    /** Pushes a connection's notices together, once that many may await their acks. */
    private void notify(String connectionId, List<Notice> notices) {
        inFlight.acquireUninterruptibly(notices.size());
        long start = System.nanoTime();
        List<CompletableFuture<Boolean>> outcomes = push.push(connectionId,
                notices.stream().map(Notice::request).toList(), settings.ackTimeout(), settings.maxRetryTime());
        for (int i = 0; i < notices.size(); i++) {
            ConfigKey key = notices.get(i).key();
            outcomes.get(i).thenAccept(delivered -> {
                inFlight.release();
                if (delivered) {
                    notifyTime.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
                } else {
                    givenUp.increment();
                    LOG.warn("[{}] gave up notifying the change of {}", connectionId, key);
                }
            });
        }
    }

    /** One config's change, encoded once for all its listeners. */
    private record Notice(ConfigKey key, OutboundPush request) {
    }

    @Override
    public void destroy() {
        fanOut.shutdownNow();
    }
}
