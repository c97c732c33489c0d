package com.nacosx.naming.selector;

import com.nacosx.core.env.NacosServerProperties;
import com.nacosx.core.http.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The labels of hosts, by IP, that label selectors compare: the part of the official CMDB they
 * use. The official server takes them from a CMDB plugin; here they are read from
 * {@code conf/cmdb-labels.json} ({@code {"10.0.0.5": {"region": "hz", "env": "prod"}, ...}}),
 * looked at again when it changes. Without the file no host has labels, and every selector
 * answers all providers, as the official does without a CMDB.
 */
@Component
public class CmdbLabels {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.naming");
    private static final TypeReference<Map<String, Map<String, String>>> FILE = new TypeReference<>() { };
    private static final long CHECK_EVERY_MILLIS = 5_000;

    private final Path file;
    private volatile Map<String, Map<String, String>> byIp = Map.of();
    private volatile long fileModified = -1;
    private volatile long checkedAt;

    public CmdbLabels(NacosServerProperties server) {
        this.file = server.homePath().resolve("conf").resolve("cmdb-labels.json");
    }

    /** A host's labels; empty when it has none. */
    public Map<String, String> of(String ip) {
        refreshIfDue();
        return ip == null ? Map.of() : byIp.getOrDefault(ip, Map.of());
    }

    public boolean isEmpty() {
        refreshIfDue();
        return byIp.isEmpty();
    }

    private void refreshIfDue() {
        long now = System.currentTimeMillis();
        if (now - checkedAt < CHECK_EVERY_MILLIS) {
            return;
        }
        checkedAt = now;
        try {
            long modified = Files.isRegularFile(file) ? Files.getLastModifiedTime(file).toMillis() : 0;
            if (modified == fileModified) {
                return;
            }
            fileModified = modified;
            byIp = modified == 0 ? Map.of() : Map.copyOf(Json.read(Files.readString(file), FILE, file.toString()));
            LOG.info("[selector] host labels from {}: {} hosts", file, byIp.size());
        } catch (IOException | IllegalArgumentException | NullPointerException e) {
            LOG.warn("[selector] {} cannot be read ({}); keeping the labels read before", file, e.getMessage());
        }
    }
}
