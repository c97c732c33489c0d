package com.nacosx.config;

import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.config.model.ConfigKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.config.push.ConfigChangePusher;
import com.nacosx.config.push.ConfigListeners;
import com.nacosx.core.control.ConnectionControl;
import com.nacosx.core.control.ControlRules;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionChannel;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.remote.ConnectionMeta;
import com.nacosx.core.remote.OutboundPush;
import com.nacosx.core.remote.RemoteProperties;
import com.nacosx.core.remote.ServerPush;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Changes in one merge window reach each listening connection in one send, each config once. */
class ConfigChangePusherTest {

    static final ConfigKey A = new ConfigKey("a", "G", "");
    static final ConfigKey B = new ConfigKey("b", "G", "");
    static final ConfigKey C = new ConfigKey("c", "G", "");

    /** Records each send as the list of data ids it carried. */
    static final class RecordingChannel implements ConnectionChannel {
        final List<List<String>> sends = new CopyOnWriteArrayList<>();

        @Override
        public boolean send(List<OutboundPush> pushes) {
            sends.add(pushes.stream().map(push -> ((ConfigChangeNotifyRequest) push.request()).dataId).toList());
            return true;
        }

        @Override
        public void close() {
        }
    }

    final ConnectionManager connections = new ConnectionManager(new RemoteProperties(null, null, null, null),
            new ConnectionControl(new ControlRules(Path.of("no-rules"))));
    final ConfigListeners listeners = new ConfigListeners();
    final SimpleMeterRegistry metrics = new SimpleMeterRegistry();
    final ConfigChangePusher pusher = new ConfigChangePusher(listeners, new ServerPush(connections, metrics),
            new ConfigProperties(null, null, new ConfigProperties.Push(null, null, null, Duration.ofMillis(300)), null, null),
            metrics);

    RecordingChannel connect(String id, ConfigKey... listened) {
        RecordingChannel channel = new RecordingChannel();
        assertTrue(connections.register(new Connection(new ConnectionMeta(id, "127.0.0.1", "127.0.0.1", 1, 2, "test",
                "-", "", "sdk", Map.of(), null, System.currentTimeMillis()), channel)));
        for (ConfigKey key : listened) {
            listeners.listen(id, key, key.tenant());
        }
        return channel;
    }

    @AfterEach
    void stop() {
        pusher.destroy();
    }

    @Test
    void changesInOneWindowGoToEachConnectionInOneSendAndEachConfigOnce() throws Exception {
        RecordingChannel both = connect("c1", A, B);
        RecordingChannel onlyB = connect("c2", B);
        RecordingChannel other = connect("c3", C);

        pusher.configChanged(A);
        pusher.configChanged(B);
        pusher.configChanged(A);
        Thread.sleep(100);
        assertEquals(List.of(), both.sends, "nothing leaves before the window closes");
        Thread.sleep(700);

        assertEquals(1, both.sends.size());
        assertEquals(Set.of("a", "b"), Set.copyOf(both.sends.get(0)));
        assertEquals(List.of(List.of("b")), onlyB.sends);
        assertEquals(List.of(), other.sends);
    }

    @Test
    void aChangeAfterTheWindowIsPushedInTheNextRound() throws Exception {
        RecordingChannel channel = connect("c4", A);
        pusher.configChanged(A);
        Thread.sleep(800);
        pusher.configChanged(A);
        Thread.sleep(800);
        assertEquals(List.of(List.of("a"), List.of("a")), channel.sends);
    }
}
