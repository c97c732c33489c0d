package com.nacosx.ai.mcp;

import com.nacosx.ai.store.AiDocuments;
import com.nacosx.ai.store.AiDocuments.Author;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.http.HttpExchange;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Imports MCP servers described as the MCP registry lists them ({@code {"servers": [{"server":
 * {...}}]}}, an array of servers, or one server): first checked as a whole, then each server is
 * created, or replaced when asked to. A remote ({@code remotes[0]}) becomes an MCP server served at
 * that address; a server with packages only is a local (stdio) one.
 */
@Component
public class McpImport {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Set<String> CONTENT_TYPES = Set.of("json", "file");

    private final McpServers servers;

    public McpImport(McpServers servers) {
        this.servers = servers;
    }

    /** The official import form. {@code selectedServers} limits the import to those names. */
    public record Request(String importType, String data, boolean overrideExisting, boolean skipInvalid,
                          Set<String> selectedServers) {

        static Request of(HttpExchange exchange) {
            String selected = exchange.param("selectedServers");
            return new Request(exchange.param("importType"), exchange.param("data"),
                    exchange.boolParam("overrideExisting", false), exchange.boolParam("skipInvalid", false),
                    selected == null || selected.isBlank() ? Set.of() : Arrays.stream(selected.split(","))
                            .map(String::trim).filter(name -> !name.isEmpty()).collect(Collectors.toSet()));
        }
    }

    /** One server of the import: its release when it reads well, else why not. */
    private record Candidate(String name, McpRelease release, List<String> errors, boolean exists) {
    }

    /** {@code McpServerImportValidationResult}. */
    public ObjectNode validate(String namespaceId, Request request) {
        List<Candidate> candidates = candidates(namespaceId, request);
        ObjectNode result = JSON.createObjectNode();
        long invalid = candidates.stream().filter(each -> !each.errors().isEmpty()).count();
        long duplicates = candidates.stream().filter(Candidate::exists).count();
        result.put("valid", invalid == 0);
        result.put("totalCount", candidates.size());
        result.put("validCount", candidates.size() - invalid);
        result.put("invalidCount", invalid);
        result.put("duplicateCount", duplicates);
        ArrayNode items = result.putArray("servers");
        for (Candidate candidate : candidates) {
            ObjectNode item = items.addObject();
            item.put("serverName", candidate.name());
            item.put("status", !candidate.errors().isEmpty() ? "invalid" : candidate.exists() ? "duplicate" : "valid");
            candidate.errors().forEach(item.putArray("errors")::add);
            item.put("exists", candidate.exists());
            item.put("selected", true);
        }
        result.putArray("errors");
        result.put("hasMore", false);
        return result;
    }

    /**
     * {@code McpServerImportResponse}. Nothing is stored when a server does not read well, unless
     * {@code skipInvalid}; a server that exists is skipped unless {@code overrideExisting}.
     */
    public ObjectNode execute(String namespaceId, Request request, Author author) {
        List<Candidate> candidates = candidates(namespaceId, request);
        List<Candidate> invalid = candidates.stream().filter(each -> !each.errors().isEmpty()).toList();
        if (!invalid.isEmpty() && !request.skipInvalid()) {
            throw McpSpecs.invalid("the import has " + invalid.size() + " invalid server(s), so nothing was imported: "
                    + invalid.stream().map(each -> each.name() + ": " + String.join("; ", each.errors()))
                    .collect(Collectors.joining(" | ")) + ". Fix them, or import with skipInvalid=true");
        }
        ObjectNode response = JSON.createObjectNode();
        ArrayNode results = JSON.createArrayNode();
        int succeeded = 0;
        int failed = 0;
        int skipped = 0;
        for (Candidate candidate : candidates) {
            ObjectNode result = results.addObject();
            result.put("serverName", candidate.name());
            if (!candidate.errors().isEmpty() || (candidate.exists() && !request.overrideExisting())) {
                skipped++;
                result.put("status", "skipped");
                result.put("errorMessage", candidate.errors().isEmpty() ? "exists"
                        : String.join("; ", candidate.errors()));
                if (candidate.exists()) {
                    result.put("conflictType", "existing");
                }
                continue;
            }
            try {
                String id = candidate.exists() ? overwrite(namespaceId, candidate.release(), author)
                        : servers.create(namespaceId, candidate.release(), author);
                result.put("serverId", id);
                result.put("status", "success");
                succeeded++;
            } catch (NacosException e) {
                result.put("status", "failed");
                result.put("errorMessage", e.getMessage());
                failed++;
            }
        }
        response.put("success", failed == 0);
        response.put("totalCount", candidates.size());
        response.put("successCount", succeeded);
        response.put("failedCount", failed);
        response.put("skippedCount", skipped);
        response.set("results", results);
        return response;
    }

    private String overwrite(String namespaceId, McpRelease release, Author author) {
        servers.update(namespaceId, true, true, release, author);
        return servers.find(AiDocuments.namespaceOf(namespaceId), null, release.name())
                .map(found -> found.document().id()).orElse(null);
    }

    private List<Candidate> candidates(String namespaceId, Request request) {
        String type = request.importType() == null ? "json" : request.importType().trim().toLowerCase();
        if (!CONTENT_TYPES.contains(type)) {
            throw McpSpecs.invalid("importType `" + request.importType() + "` is not supported here: send the"
                    + " registry's JSON as `data` with importType json or file (this server does not fetch URLs)");
        }
        if (request.data() == null || request.data().isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter 'data' is not present: send the servers to import as JSON");
        }
        JsonNode data;
        try {
            data = JSON.readTree(request.data());
        } catch (JacksonException e) {
            throw McpSpecs.invalid("`data` is not valid JSON: " + e.getOriginalMessage());
        }
        Map<String, Candidate> byName = new LinkedHashMap<>();
        for (JsonNode entry : entries(data)) {
            JsonNode server = entry.has("server") && entry.get("server").isObject() ? entry.get("server") : entry;
            String name = McpSpecs.text(server, "name");
            if (name == null || (!request.selectedServers().isEmpty() && !request.selectedServers().contains(name))) {
                if (name == null) {
                    byName.put("#" + byName.size(),
                            new Candidate(null, null, List.of("a server has no `name`"), false));
                }
                continue;
            }
            byName.put(name, candidate(namespaceId, name, server));
        }
        return new ArrayList<>(byName.values());
    }

    private static List<JsonNode> entries(JsonNode data) {
        List<JsonNode> entries = new ArrayList<>();
        JsonNode list = data.isObject() && data.has("servers") ? data.get("servers") : data;
        if (list.isArray()) {
            list.forEach(entries::add);
        } else if (list.isObject()) {
            entries.add(list);
        } else {
            throw McpSpecs.invalid("`data` must be a server, an array of servers or {\"servers\": [...]}");
        }
        return entries;
    }

    private Candidate candidate(String namespaceId, String name, JsonNode server) {
        try {
            McpRelease release = releaseOf(name, server);
            boolean exists = servers.find(AiDocuments.namespaceOf(namespaceId), null, name).isPresent();
            return new Candidate(name, release, List.of(), exists);
        } catch (NacosException | IllegalArgumentException e) {
            return new Candidate(name, null, List.of(e.getMessage()), false);
        }
    }

    /** The registry's server as our release: its remote becomes a DIRECT endpoint. */
    private static McpRelease releaseOf(String name, JsonNode server) {
        ObjectNode spec = JSON.createObjectNode();
        spec.put("name", name);
        for (String field : List.of("description", "websiteUrl")) {
            if (server.hasNonNull(field)) {
                spec.set(field, server.get(field));
            }
        }
        for (String field : List.of("repository", "packages", "icons")) {
            if (server.hasNonNull(field)) {
                spec.set(field, server.get(field));
            }
        }
        String version = McpSpecs.text(server, "version");
        if (version == null) {
            version = McpSpecs.text(server.path("version_detail"), "version");
        }
        spec.putObject("versionDetail").put("version", version == null ? "1.0.0" : version);
        JsonNode remote = server.path("remotes").path(0);
        ObjectNode endpoint = null;
        if (remote.isObject()) {
            String transport = McpSpecs.text(remote, "type");
            spec.put("protocol", "sse".equals(transport) ? "mcp-sse" : "mcp-streamable");
            URI url = URI.create(McpSpecs.text(remote, "url") == null ? "" : McpSpecs.text(remote, "url"));
            if (url.getHost() == null) {
                throw new IllegalArgumentException("remote url `" + remote.path("url").asString("") + "` has no host");
            }
            int port = url.getPort() > 0 ? url.getPort() : "http".equals(url.getScheme()) ? 80 : 443;
            endpoint = JSON.createObjectNode();
            endpoint.put("type", McpSpecs.DIRECT);
            endpoint.putObject("data").put("address", url.getHost()).put("port", String.valueOf(port));
            spec.putObject("remoteServerConfig").put("exportPath", url.getRawPath() == null ? "" : url.getRawPath());
        } else {
            spec.put("protocol", McpSpecs.STDIO);
        }
        return McpSpecs.of(name, spec, null, endpoint, false);
    }
}
