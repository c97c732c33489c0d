package com.nacosx.core.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.cluster.RaftPeerStartedRequest;
import org.junit.jupiter.api.Test;

/** A start notice that names no peer is refused as bad input, before any group is consulted (there is none here). */
class RaftPeerStartedHandlerTest {

    private final RaftPeerStartedHandler handler = new RaftPeerStartedHandler(null);

    @Test
    void aNoticeWithoutAPeerOrWithAMalformedOneIsABadRequest() {
        for (String peer : new String[] {null, "", "not a peer", "[1,2,{\"x\":[]}]", "127.0.0.1:notaport"}) {
            RaftPeerStartedRequest notice = new RaftPeerStartedRequest();
            notice.group = "nacos_config";
            notice.peer = peer;
            NacosException refused = assertThrows(NacosException.class, () -> handler.handle(notice, null), peer);
            assertEquals(NacosException.BAD_REQUEST, refused.status(), peer);
            assertTrue(refused.getMessage().contains("ip:raftPort"), refused.getMessage());
        }
    }

    @Test
    void aNoticeWithoutAGroupIsABadRequest() {
        RaftPeerStartedRequest notice = new RaftPeerStartedRequest();
        notice.peer = "127.0.0.1:7848";
        NacosException refused = assertThrows(NacosException.class, () -> handler.handle(notice, null));
        assertEquals(NacosException.BAD_REQUEST, refused.status());
    }
}
