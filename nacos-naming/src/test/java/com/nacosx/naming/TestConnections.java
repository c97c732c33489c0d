package com.nacosx.naming;

import com.nacosx.core.control.ConnectionControl;
import com.nacosx.core.control.ControlRules;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionChannel;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.remote.ConnectionMeta;
import com.nacosx.core.remote.OutboundPush;
import com.nacosx.core.remote.RemoteProperties;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** A connection manager whose connections are streams that record what the server sends them. */
public final class TestConnections {

    /** A client stream that keeps every push it is given. */
    public static final class RecordingChannel implements ConnectionChannel {
        public final List<OutboundPush> sent = new CopyOnWriteArrayList<>();

        @Override
        public boolean send(List<OutboundPush> pushes) {
            sent.addAll(pushes);
            return true;
        }

        @Override
        public void close() {
        }
    }

    public final ConnectionManager manager = new ConnectionManager(new RemoteProperties(null, null, null, null),
            new ConnectionControl(new ControlRules(Path.of("no-rules"))));

    /** Opens a connection from {@code clientIp} and returns its stream. */
    public RecordingChannel connect(String id, String clientIp) {
        RecordingChannel channel = new RecordingChannel();
        Connection connection = new Connection(new ConnectionMeta(id, clientIp, clientIp, 40000, 9848, "test", "-", "",
                "Nacos-Java-Client:v2.5.1", Map.of(), null, System.currentTimeMillis()), channel);
        if (!manager.register(connection)) {
            throw new IllegalStateException("connection refused");
        }
        return channel;
    }
}
