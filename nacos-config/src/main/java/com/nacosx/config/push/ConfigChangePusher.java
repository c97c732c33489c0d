package com.nacosx.config.push;

import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.config.ConfigProperties;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.service.ConfigChangeListener;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.OutboundPush;
import com.nacosx.core.remote.ServerPush;
import com.nacosx.core.util.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * Tells every gRPC connection listening to a changed config with a
 * {@code ConfigChangeNotifyRequest}; the client then queries the config. Pushes leave the
 * writer's thread at once and are retried until acked ({@code nacos.config.push.*}); at most
 * {@code max-in-flight} wait for their ack at once.
 */
@Component
public class ConfigChangePusher implements ConfigChangeListener, DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigChangePusher.class);

    private final ConfigListeners listeners;
    private final ServerPush push;
    private final ConfigProperties.Push settings;
    private final Semaphore inFlight;
    private final ExecutorService fanOut = Executors.newSingleThreadExecutor(DaemonThreads.named("config-push"));

    public ConfigChangePusher(ConfigListeners listeners, ServerPush push, ConfigProperties properties) {
        this.listeners = listeners;
        this.push = push;
        this.settings = properties.push();
        this.inFlight = new Semaphore(settings.maxInFlight());
    }

    @Override
    public void configChanged(ConfigKey key) {
        List<String> listening = listeners.of(key);
        if (listening.isEmpty()) {
            return;
        }
        fanOut.execute(() -> {
            OutboundPush notify = Connection.prepare(new ConfigChangeNotifyRequest(key.dataId(), key.group(), key.tenant()));
            for (String connectionId : listening) {
                notify(connectionId, key, notify);
            }
        });
    }

    private void notify(String connectionId, ConfigKey key, OutboundPush notify) {
        inFlight.acquireUninterruptibly();
        push.push(connectionId, notify, settings.ackTimeout(), settings.maxRetryTime()).thenAccept(delivered -> {
                    inFlight.release();
                    if (!delivered) {
                        LOG.warn("[{}] gave up notifying the change of {}", connectionId, key);
                    }
                });
    }

    @Override
    public void destroy() {
        fanOut.shutdownNow();
    }
}
