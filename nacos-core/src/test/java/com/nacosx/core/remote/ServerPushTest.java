package com.nacosx.core.remote;

import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.api.remote.config.ConfigChangeNotifyResponse;
import java.nio.file.Path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.core.control.ConnectionControl;
import com.nacosx.core.control.ControlRules;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Push with ack, timeout and retry, over a channel that records what it is given. */
class ServerPushTest {

    /** A client stream: records pushes, and answers them when told to. */
    static final class RecordingChannel implements ConnectionChannel {
        final List<OutboundPush> sent = new CopyOnWriteArrayList<>();
        volatile boolean open = true;

        @Override
        public boolean send(List<OutboundPush> pushes) {
            if (open) {
                sent.addAll(pushes);
            }
            return open;
        }

        @Override
        public void close() {
            open = false;
        }
    }

    final ConnectionManager connections = new ConnectionManager(
            new RemoteProperties(null, null, null, null), new ConnectionControl(new ControlRules(Path.of("no-rules"))));
    final ServerPush push = new ServerPush(connections, new SimpleMeterRegistry());

    Connection register(String id, RecordingChannel channel) {
        Connection connection = new Connection(new ConnectionMeta(id, "127.0.0.1", "127.0.0.1", 1, 2, "test", "-", "",
                "sdk", Map.of(), null, System.currentTimeMillis()), channel);
        assertTrue(connections.register(connection));
        return connection;
    }

    static OutboundPush notice() {
        return Connection.prepare(new ConfigChangeNotifyRequest("a", "G", ""));
    }

    @Test
    void pushToAnUnknownConnectionFailsAtOnce() {
        assertFalse(push.push("nobody", notice(), Duration.ofSeconds(3), 50).join());
    }

    @Test
    void ackedPushSucceedsOnce() throws Exception {
        RecordingChannel channel = new RecordingChannel();
        register("c1", channel);
        OutboundPush notice = notice();
        var outcome = push.push("c1", notice, Duration.ofSeconds(3), 5);
        ConfigChangeNotifyResponse ack = new ConfigChangeNotifyResponse();
        ack.requestId = notice.request().requestId;
        connections.acknowledge("c1", ack);
        assertTrue(outcome.get(1, TimeUnit.SECONDS));
        assertEquals(1, channel.sent.size());
    }

    @Test
    void pushesSentTogetherAreAckedAndRetriedEachOnItsOwn() throws Exception {
        RecordingChannel channel = new RecordingChannel();
        register("c4", channel);
        OutboundPush answered = notice();
        OutboundPush unanswered = notice();
        var outcomes = push.push("c4", List.of(answered, unanswered), Duration.ofMillis(200), 2);
        assertEquals(List.of(answered, unanswered), channel.sent, "sent together, in order");
        ConfigChangeNotifyResponse ack = new ConfigChangeNotifyResponse();
        ack.requestId = answered.request().requestId;
        connections.acknowledge("c4", ack);
        assertTrue(outcomes.get(0).get(1, TimeUnit.SECONDS));
        assertFalse(outcomes.get(1).get(5, TimeUnit.SECONDS));
        assertEquals(List.of(answered, unanswered, unanswered), channel.sent, "only the unanswered one is retried");
    }

    @Test
    void unansweredPushIsRetriedThenGivenUp() throws Exception {
        RecordingChannel channel = new RecordingChannel();
        register("c2", channel);
        assertFalse(push.push("c2", notice(), Duration.ofMillis(100), 2).get(5, TimeUnit.SECONDS));
        assertEquals(2, channel.sent.size(), "sent once and retried once");
    }

    @Test
    void closingTheConnectionFailsWaitingPushesAtOnce() throws Exception {
        RecordingChannel channel = new RecordingChannel();
        register("c3", channel);
        var outcome = push.push("c3", notice(), Duration.ofSeconds(30), 50);
        connections.unregister("c3", "test");
        assertFalse(outcome.get(1, TimeUnit.SECONDS));
        assertFalse(channel.open);
    }
}
