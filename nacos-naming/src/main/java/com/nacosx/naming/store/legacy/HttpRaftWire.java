package com.nacosx.naming.store.legacy;

import com.nacosx.core.http.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import tools.jackson.databind.JsonNode;

/**
 * The bodies of the old HTTP Raft as official 1.x nodes send and read them. They URL-decode what
 * they receive (a beat and a removal twice, the rest once) and send raw JSON, so this node sends its
 * JSON encoded as many times as they decode, and reads a body that is JSON already as it is.
 */
final class HttpRaftWire {

    /** A key's datum; a removal names only the key. */
    record Datum(String key, JsonNode value, Long timestamp) {

        /** A timestamp left out (a removal's) reads as 0. */
        Datum {
            timestamp = timestamp == null ? 0L : timestamp;
        }
    }

    /** What the leader sends each member when it has written a datum, and who it is. */
    record Commit(Datum datum, HttpRaftPeer source) {
    }

    /** A write a member passes on to the leader. */
    record Proposal(String key, JsonNode value) {
    }

    /** The leader's beat: itself, and each key it holds (in its brief form) with its timestamp. */
    record Beat(HttpRaftPeer peer, List<BeatKey> datums) {
    }

    record BeatKey(String key, Long timestamp) {

        BeatKey {
            timestamp = timestamp == null ? 0L : timestamp;
        }
    }

    private record BeatBody(String beat) {
    }

    private static final String NAMING_PREFIX = "com.alibaba.nacos.naming.";
    private static final String DOMAINS_PREFIX = "com.alibaba.nacos.naming.domains.";
    private static final String BRIEF_META = "meta.";
    private static final String BRIEF_LIST = "iplist.";

    private HttpRaftWire() {
    }

    static byte[] datum(String key, JsonNode value, long timestamp) {
        return Json.bytes(new Datum(key, value, timestamp));
    }

    static Datum readDatum(byte[] json) {
        Datum datum = Json.read(new String(json, StandardCharsets.UTF_8), Datum.class, "datum");
        if (datum == null || datum.key() == null) {
            throw new IllegalArgumentException("a datum of the old Raft must name its key");
        }
        return datum;
    }

    static long timestamp(byte[] json) {
        return readDatum(json).timestamp();
    }

    /** The value of a datum written for the 1.4 group (a datum with its key, value and timestamp). */
    static JsonNode value(byte[] groupDatum) {
        return readDatum(groupDatum).value();
    }

    /** The key as a beat names it: {@code meta.<namespace>##<service>} or {@code iplist.<...>}. */
    static String brief(String key) {
        if (key.startsWith(LegacyPersistentKeys.SERVICE_META_PREFIX)) {
            return BRIEF_META + key.substring(LegacyPersistentKeys.SERVICE_META_PREFIX.length());
        }
        if (key.startsWith(LegacyPersistentKeys.INSTANCE_LIST_PREFIX)) {
            return BRIEF_LIST + key.substring(LegacyPersistentKeys.INSTANCE_LIST_PREFIX.length());
        }
        return null;
    }

    /** The whole key of a beat's brief key; null for a key 1.x would skip as corrupted. */
    static String detail(String brief) {
        if (brief.startsWith(BRIEF_META) || brief.startsWith(LegacyPersistentKeys.SERVICE_META_PREFIX)) {
            return brief.startsWith(BRIEF_META) ? DOMAINS_PREFIX + brief : brief;
        }
        if (brief.startsWith(BRIEF_LIST) || brief.startsWith(LegacyPersistentKeys.INSTANCE_LIST_PREFIX)) {
            return brief.startsWith(BRIEF_LIST) ? NAMING_PREFIX + brief : brief;
        }
        return null;
    }

    /** The beat as its body goes out: {@code {"beat":"<JSON>"}}, encoded twice, gzipped. */
    static byte[] beatBody(Beat beat) {
        String body = encode(encode(Json.text(new BeatBody(Json.text(beat)))));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(body.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The beat from its body, which the HTTP door has inflated. */
    static Beat readBeat(String body) {
        BeatBody outer = Json.readBody(json(body), BeatBody.class, "beat");
        if (outer == null || outer.beat() == null) {
            throw new IllegalArgumentException("the body must be {\"beat\":\"<the beat's JSON>\"}");
        }
        Beat beat = Json.readBody(outer.beat(), Beat.class, "beat");
        if (beat == null || beat.peer() == null || beat.peer().ip() == null) {
            throw new IllegalArgumentException("a beat must name its peer");
        }
        return new Beat(beat.peer(), beat.datums() == null ? List.of() : beat.datums());
    }

    static byte[] commitBody(Commit commit, int encodings) {
        String body = Json.text(commit);
        for (int i = 0; i < encodings; i++) {
            body = encode(body);
        }
        return body.getBytes(StandardCharsets.UTF_8);
    }

    static Commit readCommit(String body) {
        Commit commit = Json.readBody(json(body), Commit.class, "commit");
        if (commit == null || commit.datum() == null || commit.datum().key() == null || commit.source() == null) {
            throw new IllegalArgumentException("a commit must hold {\"datum\":{\"key\":..},\"source\":{\"ip\":..}}");
        }
        return commit;
    }

    static byte[] proposalBody(Proposal proposal) {
        return encode(Json.text(proposal)).getBytes(StandardCharsets.UTF_8);
    }

    static Proposal readProposal(String body) {
        Proposal proposal = Json.readBody(json(body), Proposal.class, "datum");
        if (proposal == null || proposal.key() == null || proposal.value() == null || proposal.value().isNull()) {
            throw new IllegalArgumentException("a write must hold {\"key\":..,\"value\":..}");
        }
        return proposal;
    }

    static HttpRaftPeer readPeer(String json) {
        HttpRaftPeer peer = Json.readBody(json(json), HttpRaftPeer.class, "peer");
        if (peer == null || peer.ip() == null) {
            throw new IllegalArgumentException("a peer must name its address as 'ip'");
        }
        return peer;
    }

    /** The keys of a read, as 1.x sends them: comma-separated, encoded once more than the query is. */
    static String keysQuery(List<String> keys) {
        return encode(encode(String.join(",", keys)));
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** The text decoded until it is JSON (at most twice, as a 1.x node encodes it). */
    static String json(String text) {
        String json = text == null ? "" : text.strip();
        for (int i = 0; i < 2 && !json.startsWith("{") && !json.startsWith("[") && json.contains("%"); i++) {
            json = URLDecoder.decode(json, StandardCharsets.UTF_8);
        }
        return json;
    }
}
