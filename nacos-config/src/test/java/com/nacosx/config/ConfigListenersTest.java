package com.nacosx.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.push.ConfigListeners;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionChannel;
import com.nacosx.core.remote.ConnectionMeta;
import com.nacosx.core.remote.OutboundPush;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConfigListenersTest {

    static final ConfigKey A = new ConfigKey("a", "G", "");
    static final ConfigKey B = new ConfigKey("b", "G", "");

    static Connection connection(String id) {
        ConnectionChannel closedChannel = new ConnectionChannel() {
            @Override
            public boolean send(List<OutboundPush> pushes) {
                return false;
            }

            @Override
            public void close() {
            }
        };
        return new Connection(new ConnectionMeta(id, "127.0.0.1", "127.0.0.1", 1, 2, "test", "-", "", "sdk", Map.of(),
                null, 0), closedChannel);
    }

    @Test
    void unlistenAndDisconnectDropOnlyWhatTheyShould() {
        ConfigListeners listeners = new ConfigListeners();
        listeners.listen("c1", A, "");
        listeners.listen("c1", B, "");
        listeners.listen("c2", A, "");
        listeners.listen("c2", new ConfigKey("a", "G", ""), "");
        assertEquals(Set.of("c1", "c2"), Set.copyOf(listeners.of(A)));

        listeners.unlisten("c2", A);
        assertEquals(List.of("c1"), listeners.of(A));

        listeners.disconnected(connection("c1"));
        assertEquals(List.of(), listeners.of(A));
        assertEquals(List.of(), listeners.of(B));
    }

    @Test
    void eachConnectionIsToldThePublicNamespaceAsItNamedIt() {
        ConfigListeners listeners = new ConfigListeners();
        ConfigKey inPublic = new ConfigKey("a", "G", "");
        listeners.listen("client-3x", inPublic, "public");
        listeners.listen("client-2x", inPublic, "");
        listeners.listen("client-3x", new ConfigKey("b", "G", "dev"), "dev");
        assertEquals("public", listeners.tenantAsNamedBy("client-3x", inPublic));
        assertEquals("", listeners.tenantAsNamedBy("client-2x", inPublic));
        assertEquals("dev", listeners.tenantAsNamedBy("client-3x", new ConfigKey("b", "G", "dev")));

        listeners.disconnected(connection("client-3x"));
        assertEquals("", listeners.tenantAsNamedBy("client-3x", inPublic), "forgotten with its connection");
    }
}
