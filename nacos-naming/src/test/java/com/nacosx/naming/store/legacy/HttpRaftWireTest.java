package com.nacosx.naming.store.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The old HTTP Raft's bodies read as 1.x reads them (URL-decoded as many times as it decodes each),
 * 1.x's own bodies (raw JSON) read here, brief keys, and which versions keep the old Raft on.
 */
class HttpRaftWireTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String LIST_KEY = "com.alibaba.nacos.naming.iplist.public##DEFAULT_GROUP@@a+b%c";
    static final String META_KEY = "com.alibaba.nacos.naming.domains.meta.public##DEFAULT_GROUP@@svc";

    static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    @Test
    void aBeatReadsAs1xReadsIt() throws IOException {
        HttpRaftPeer leader = new HttpRaftPeer("127.0.0.1:8848", "127.0.0.1:8848", 7L, 17000L, 5000L, "LEADER");
        byte[] body = HttpRaftWire.beatBody(new HttpRaftWire.Beat(leader, List.of(new HttpRaftWire.BeatKey(
                HttpRaftWire.brief(LIST_KEY), 3L))));
        String inflated;
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            inflated = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        JsonNode outer = JSON.readTree(decode(decode(inflated)));
        JsonNode beat = JSON.readTree(outer.path("beat").asText());
        assertEquals("LEADER", beat.path("peer").path("state").asText());
        assertEquals(7, beat.path("peer").path("term").asLong());
        assertEquals("iplist.public##DEFAULT_GROUP@@a+b%c", beat.path("datums").get(0).path("key").asText());
        assertEquals(3, beat.path("datums").get(0).path("timestamp").asLong());
        assertEquals(leader, HttpRaftWire.readBeat(inflated).peer());
    }

    @Test
    void commitsAndProposalsKeepPlusAndPercentThrough1xDecoding() {
        JsonNode value = JSON.readTree("{\"instanceList\":[{\"ip\":\"1.1.1.1\",\"metadata\":{\"k\":\"a+b%20\"}}]}");
        HttpRaftPeer source = new HttpRaftPeer("127.0.0.1:8848", null, 1L, 0L, 0L, "LEADER");
        String once = new String(HttpRaftWire.commitBody(new HttpRaftWire.Commit(
                new HttpRaftWire.Datum(LIST_KEY, value, 2L), source), 1), StandardCharsets.UTF_8);
        JsonNode commit = JSON.readTree(decode(once));
        assertEquals(LIST_KEY, commit.path("datum").path("key").asText());
        assertEquals("a+b%20", commit.path("datum").path("value").path("instanceList").get(0).path("metadata")
                .path("k").asText());
        String twice = new String(HttpRaftWire.commitBody(new HttpRaftWire.Commit(
                new HttpRaftWire.Datum(LIST_KEY, null, 0L), source), 2), StandardCharsets.UTF_8);
        assertEquals(LIST_KEY, JSON.readTree(decode(decode(twice))).path("datum").path("key").asText());
        assertEquals(LIST_KEY, HttpRaftWire.readCommit(twice).datum().key());
        String proposal = new String(HttpRaftWire.proposalBody(new HttpRaftWire.Proposal(LIST_KEY, value)),
                StandardCharsets.UTF_8);
        assertEquals(value, HttpRaftWire.readProposal(proposal).value());
    }

    @Test
    void rawJsonFrom1xIsReadAsItIsAndNumbersLeftOutReadAsZero() {
        HttpRaftWire.Commit commit = HttpRaftWire.readCommit("{\"datum\":{\"key\":\"" + META_KEY
                + "\",\"value\":{\"name\":\"a+b\"}},\"source\":{\"ip\":\"127.0.0.1:8848\"}}");
        assertEquals("a+b", commit.datum().value().path("name").asText());
        assertEquals(0L, commit.datum().timestamp());
        assertEquals(0L, commit.source().term());
        assertThrows(IllegalArgumentException.class, () -> HttpRaftWire.readCommit("{\"datum\":{}}"));
        assertThrows(IllegalArgumentException.class, () -> HttpRaftWire.readProposal("{\"key\":\"" + META_KEY + "\"}"));
        assertThrows(IllegalArgumentException.class, () -> HttpRaftWire.readPeer("{\"term\":1}"));
        assertThrows(IllegalArgumentException.class, () -> HttpRaftWire.readBeat("not json"));
    }

    @Test
    void briefKeysGoBothWays() {
        assertEquals("meta.public##DEFAULT_GROUP@@svc", HttpRaftWire.brief(META_KEY));
        assertEquals(META_KEY, HttpRaftWire.detail(HttpRaftWire.brief(META_KEY)));
        assertEquals(LIST_KEY, HttpRaftWire.detail(HttpRaftWire.brief(LIST_KEY)));
        assertEquals(LIST_KEY, HttpRaftWire.detail(LIST_KEY));
        assertNull(HttpRaftWire.detail("corrupted"));
        assertNull(HttpRaftWire.brief("corrupted"));
    }

    @Test
    void membersWithoutA14VersionKeepTheOldRaft() {
        assertFalse(HttpRaftGate.isNew(null));
        assertFalse(HttpRaftGate.isNew("1.3.3"));
        assertFalse(HttpRaftGate.isNew("1.2.1"));
        assertTrue(HttpRaftGate.isNew("1.4.0"));
        assertTrue(HttpRaftGate.isNew("1.4.0-SNAPSHOT"));
        assertTrue(HttpRaftGate.isNew("1.4.8"));
        assertTrue(HttpRaftGate.isNew("1.10.0"));
        assertTrue(HttpRaftGate.isNew("2.5.1"));
    }
}
