package com.nacosx.ai.store;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server or agent as stored: its name and id, which version is the latest, and every version
 * with the body it was published with. The stored layout is ours; the HTTP and gRPC answers are
 * built from it in the official shapes.
 */
public final class VersionedDocument {

    /** The official answers' time format, UTC to the second. */
    public static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'")
            .withZone(ZoneOffset.UTC);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final ObjectNode node;

    private VersionedDocument(ObjectNode node) {
        this.node = node;
    }

    public static VersionedDocument of(ObjectNode stored) {
        return new VersionedDocument(stored);
    }

    public static VersionedDocument create(String id, String name, String namespaceId) {
        ObjectNode node = JSON.createObjectNode();
        node.put("id", id);
        node.put("name", name);
        node.put("namespaceId", namespaceId);
        node.putArray("versions");
        return new VersionedDocument(node);
    }

    /** One version: its number, when it was first and last published, and its body. */
    public record Version(String version, String createdAt, String updatedAt, ObjectNode body) {
    }

    public ObjectNode node() {
        return node;
    }

    public String id() {
        return node.path("id").asString();
    }

    public String name() {
        return node.path("name").asString();
    }

    public String namespaceId() {
        return node.path("namespaceId").asString();
    }

    public String latestVersion() {
        return node.path("latestVersion").asString(null);
    }

    public List<Version> versions() {
        List<Version> versions = new ArrayList<>();
        for (JsonNode each : node.path("versions")) {
            versions.add(new Version(each.path("version").asString(), each.path("createdAt").asString(null),
                    each.path("updatedAt").asString(null), (ObjectNode) each.path("body")));
        }
        return versions;
    }

    public Optional<Version> version(String version) {
        return versions().stream().filter(each -> each.version().equals(version)).findFirst();
    }

    /** The latest version; the last published when none was made the latest. */
    public Version latest() {
        List<Version> versions = versions();
        String latest = latestVersion();
        return versions.stream().filter(each -> each.version().equals(latest)).findFirst()
                .orElse(versions.get(versions.size() - 1));
    }

    /** Adds the version, or replaces the body of an existing one keeping when it was created. */
    public void put(String version, ObjectNode body, boolean makeLatest, Instant now) {
        String time = TIME.format(now);
        ArrayNode versions = (ArrayNode) node.get("versions");
        ObjectNode entry = null;
        for (JsonNode each : versions) {
            if (each.path("version").asString().equals(version)) {
                entry = (ObjectNode) each;
            }
        }
        if (entry == null) {
            entry = versions.addObject();
            entry.put("version", version);
            entry.put("createdAt", time);
        }
        entry.put("updatedAt", time);
        entry.set("body", body);
        if (makeLatest || latestVersion() == null) {
            node.put("latestVersion", version);
        }
    }

    /**
     * Removes a version; the latest moves to the newest left.
     *
     * @return whether any version is left
     */
    public boolean remove(String version) {
        ArrayNode versions = (ArrayNode) node.get("versions");
        for (int i = 0; i < versions.size(); i++) {
            if (versions.get(i).path("version").asString().equals(version)) {
                versions.remove(i);
                break;
            }
        }
        if (versions.isEmpty()) {
            return false;
        }
        if (version.equals(latestVersion())) {
            node.put("latestVersion", versions.get(versions.size() - 1).path("version").asString());
        }
        return true;
    }

    public boolean isLatest(String version) {
        return version.equals(latest().version());
    }
}
