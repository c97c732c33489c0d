package com.nacosx.core.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.cluster.RaftWriteRequest;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RaftWriteHandlerTest {

    private final RaftWriteHandler handler = new RaftWriteHandler(null,
            new RaftSettings(5000, 1800, Duration.ofSeconds(5), null, Path.of("unused")));

    @Test
    void aWriteThatArrivesAfterTheFollowerGaveUpIsRefusedBeforeItReachesTheLog() {
        RaftWriteRequest late = new RaftWriteRequest();
        late.group = "nacos_config";
        late.entry = new byte[] {1};
        late.validUntil = System.currentTimeMillis() - 1;
        // No group is consulted (there is none here): the refusal comes before the log is touched.
        NacosException refused = assertThrows(NacosException.class, () -> handler.handleAsync(late, null));
        assertEquals(NacosException.SERVICE_UNAVAILABLE, refused.status());
        assertTrue(refused.getMessage().contains("stopped waiting"), refused.getMessage());
    }
}
