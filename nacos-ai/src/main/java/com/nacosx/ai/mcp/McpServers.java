package com.nacosx.ai.mcp;

import com.nacosx.ai.store.AiDocuments;
import com.nacosx.ai.store.AiDocuments.Author;
import com.nacosx.ai.store.AiDocuments.Stored;
import com.nacosx.ai.store.VersionedDocument;
import com.nacosx.ai.store.VersionedDocument.Version;
import com.nacosx.api.common.Page;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.naming.model.ServiceKey;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * MCP servers: created, given new versions, read in the official {@code McpServerDetailInfo} and
 * {@code McpServerVersionInfo} shapes, listed and deleted. Each server is one document in group
 * {@code mcp-server} of its namespace, found by its name.
 */
@Component
public class McpServers {

    public static final String GROUP = "mcp-server";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final AiDocuments documents;
    private final McpEndpoints endpoints;
    private final Clock clock = Clock.systemUTC();

    public McpServers(AiDocuments documents, McpEndpoints endpoints) {
        this.documents = documents;
        this.endpoints = endpoints;
    }

    /** Creates the server with its first version, which becomes the latest; returns its id. */
    public String create(String namespaceId, McpRelease release, Author author) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        if (find(namespace, null, release.name()).isPresent()) {
            throw new NacosException(NacosException.CONFLICT, ErrorCode.RESOURCE_CONFLICT, String.format(
                    "mcp server `%s` has existed, please update it rather than create.", release.name()));
        }
        String id = release.id() == null ? UUID.randomUUID().toString() : release.id();
        if (release.id() != null && find(namespace, id, null).isPresent()) {
            throw McpSpecs.invalid("parameter `serverSpecification.id` conflict with exist mcp server id");
        }
        VersionedDocument document = VersionedDocument.create(id, release.name(), namespace);
        document.put(release.version(), bodyOf(release), true, clock.instant());
        documents.create(namespace, GROUP, dataIdOf(release.name()), document, author);
        return id;
    }

    /**
     * Stores a version of an existing server; a version it has is replaced only when
     * {@code overrideExisting}.
     *
     * @param latest whether the version becomes the one clients get by default
     */
    public void update(String namespaceId, boolean latest, boolean overrideExisting, McpRelease release,
            Author author) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        Stored found = require(namespace, release.id(), release.name());
        if (!found.document().name().equals(release.name())) {
            throw McpSpecs.invalid("the name of mcp server " + found.document().id() + " is `"
                    + found.document().name() + "` and cannot be changed to `" + release.name() + "`");
        }
        putVersion(namespace, found, release, latest, overrideExisting, author);
    }

    /**
     * What the SDK's release does: creates the server, or adds the version; a version it has is
     * refused.
     *
     * @return the server's id
     */
    public String release(String namespaceId, McpRelease release, boolean latest, Author author) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        Optional<Stored> found = find(namespace, release.id(), release.name());
        if (found.isEmpty()) {
            return create(namespace, release, author);
        }
        putVersion(namespace, found.get(), release, latest, false, author);
        return found.get().document().id();
    }

    /** Stores the release as a version of the server read; one it has is replaced only when {@code override}. */
    private void putVersion(String namespace, Stored server, McpRelease release, boolean latest, boolean override,
            Author author) {
        if (!override && server.document().version(release.version()).isPresent()) {
            throw new NacosException(NacosException.CONFLICT, ErrorCode.MCP_SERVER_VERSION_EXIST, String.format(
                    "Mcp Server %s and target version %s already exist; publish a new version, or update it with"
                            + " overrideExisting=true", release.name(), release.version()));
        }
        server.document().put(release.version(), bodyOf(release), latest, clock.instant());
        documents.replace(namespace, GROUP, dataIdOf(server.document().name()), server, author);
    }

    /** The detail of one version (the latest when {@code version} is blank), with its endpoints as of now. */
    public ObjectNode detail(String namespaceId, String id, String name, String version) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        VersionedDocument document = require(namespace, id, name).document();
        Version chosen = chosen(document, version);
        ObjectNode detail = basicOf(document, chosen);
        detail.set("allVersions", versionDetails(document));
        ObjectNode body = chosen.body();
        if (body.hasNonNull("tools")) {
            detail.set("toolSpec", body.get("tools"));
        }
        if (!McpSpecs.STDIO.equalsIgnoreCase(detail.path("protocol").asString(""))) {
            ObjectNode endpoint = body.hasNonNull("endpoint") ? (ObjectNode) body.get("endpoint") : null;
            ObjectNode remote = detail.path("remoteServerConfig").isObject()
                    ? (ObjectNode) detail.get("remoteServerConfig") : detail.putObject("remoteServerConfig");
            ObjectNode serviceRef = McpEndpoints.serviceRef(namespace, document.name(), chosen.version(), endpoint);
            remote.set("serviceRef", serviceRef);
            ArrayNode backend = endpoints.backend(serviceRef, endpoint, McpSpecs.text(remote, "exportPath"));
            detail.set("backendEndpoints", backend);
            detail.set("frontendEndpoints", endpoints.frontend(remote.path("frontEndpointConfigList"), backend));
        }
        return detail;
    }

    /** A version of a server and the service its endpoints register into. */
    public record EndpointService(String version, ServiceKey service) {
    }

    /** Where the endpoints of one version (the latest when {@code version} is blank) register. */
    public EndpointService endpointService(String namespaceId, String name, String version) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        VersionedDocument document = require(namespace, null, name).document();
        return endpointServiceOf(namespace, document, chosen(document, version));
    }

    /** Where the endpoints of each version of a server register. */
    public List<EndpointService> endpointServices(String namespaceId, String name) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        VersionedDocument document = require(namespace, null, name).document();
        return document.versions().stream().map(version -> endpointServiceOf(namespace, document, version)).toList();
    }

    /**
     * The version's own service ({@link McpEndpoints#serviceRef}), or for an {@code http} server
     * the service of its first REF frontend; a local (stdio) server has none.
     */
    private static EndpointService endpointServiceOf(String namespace, VersionedDocument document, Version version) {
        JsonNode server = version.body().path("server");
        String protocol = server.path("protocol").asString("");
        if (McpSpecs.STDIO.equalsIgnoreCase(protocol)) {
            throw new NacosException(NacosException.NOT_FOUND, ErrorCode.MCP_SERVER_REF_ENDPOINT_SERVICE_NOT_FOUND,
                    "The Mcp Server Ref endpoint service not found: a local (stdio) server has no endpoints");
        }
        JsonNode ref = null;
        if ("http".equals(protocol)) {
            for (JsonNode front : server.path("remoteServerConfig").path("frontEndpointConfigList")) {
                if (McpSpecs.REF.equals(McpSpecs.text(front, "endpointType"))
                        && front.path("endpointData").isObject()) {
                    ref = front.get("endpointData");
                    break;
                }
            }
        }
        if (ref == null) {
            JsonNode endpoint = version.body().path("endpoint");
            ref = McpEndpoints.serviceRef(namespace, document.name(), version.version(),
                    endpoint.isObject() ? (ObjectNode) endpoint : null);
        }
        return new EndpointService(version.version(), ServiceKey.of(McpSpecs.text(ref, "namespaceId"),
                McpSpecs.text(ref, "groupName"), McpSpecs.text(ref, "serviceName")));
    }

    /**
     * Servers of a namespace as {@code McpServerVersionInfo}, by name: {@code accurate} search
     * matches the name exactly, {@code blur} as a pattern with {@code *} (a plain text is a part of
     * the name); no name lists all.
     */
    public Page<ObjectNode> list(String namespaceId, String name, String search, int pageNo, int pageSize) {
        return documents.page(AiDocuments.namespaceOf(namespaceId), GROUP, name, search, pageNo, pageSize,
                document -> {
                    ObjectNode info = basicOf(document, document.latest());
                    info.put("latestPublishedVersion", document.latest().version());
                    info.set("versionDetails", versionDetails(document));
                    return info;
                });
    }

    /** Deletes one version, or the whole server when {@code version} is blank or it was the last. */
    public void delete(String namespaceId, String id, String name, String version, Author author) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        Stored found = require(namespace, id, name);
        documents.deleteVersion(namespace, GROUP, dataIdOf(found.document().name()), found, version,
                () -> versionMissing(found.document(), version), author);
    }

    /** The server named by id (when given) or by name. */
    Optional<Stored> find(String namespace, String id, String name) {
        if (name != null && !name.isBlank()) {
            Optional<Stored> byName = documents.read(namespace, GROUP, dataIdOf(name));
            if (id == null || id.isBlank() || byName.isPresent()) {
                return byName.filter(found -> id == null || id.isBlank() || found.document().id().equals(id));
            }
        }
        if (id == null || id.isBlank()) {
            return Optional.empty();
        }
        return documents.all(namespace, GROUP).stream().filter(found -> found.document().id().equals(id)).findFirst();
    }

    Stored require(String namespace, String id, String name) {
        if ((id == null || id.isBlank()) && (name == null || name.isBlank())) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter 'mcpId' or 'mcpName' type String at lease one is not present");
        }
        return find(namespace, id, name).orElseThrow(() -> new NacosException(NacosException.NOT_FOUND,
                ErrorCode.MCP_SERVER_NOT_FOUND, String.format(
                        "Mcp server [ID: %s, name: %s] not found in namespace [%s]", id, name, namespace)));
    }

    private static Version chosen(VersionedDocument document, String version) {
        return version == null || version.isBlank() ? document.latest()
                : document.version(version).orElseThrow(() -> versionMissing(document, version));
    }

    private static String dataIdOf(String name) {
        return AiDocuments.dataIdOf("mcp", name);
    }

    private static NacosException versionMissing(VersionedDocument server, String version) {
        return new NacosException(NacosException.NOT_FOUND, ErrorCode.MCP_SERVER_VERSION_NOT_FOUND,
                String.format("mcp server `%s` for version `%s` not found", server.id(), version));
    }

    /** What a version stores: the specifications as sent, without what the document itself holds. */
    private static ObjectNode bodyOf(McpRelease release) {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode server = release.server().deepCopy();
        server.remove(List.of("id", "namespaceId", "version", "versionDetail", "allVersions", "toolSpec",
                "backendEndpoints", "frontendEndpoints", "capabilities"));
        server.put("protocol", release.protocol());
        body.set("server", server);
        if (release.hasTools()) {
            body.set("tools", release.tools());
        }
        if (release.endpoint() != null) {
            body.set("endpoint", release.endpoint());
        }
        return body;
    }

    /** {@code McpServerBasicInfo} of one version. */
    private static ObjectNode basicOf(VersionedDocument document, Version version) {
        ObjectNode basic = ((ObjectNode) version.body().path("server")).deepCopy();
        basic.put("namespaceId", document.namespaceId());
        basic.put("id", document.id());
        basic.put("name", document.name());
        basic.put("version", version.version());
        basic.set("versionDetail", versionDetail(document, version));
        if (!basic.has("enabled")) {
            basic.put("enabled", true);
        }
        if (!basic.has("status")) {
            basic.put("status", "active");
        }
        ArrayNode capabilities = basic.putArray("capabilities");
        if (version.body().hasNonNull("tools")) {
            capabilities.add("TOOL");
        }
        return basic;
    }

    private static ArrayNode versionDetails(VersionedDocument document) {
        ArrayNode details = JSON.createArrayNode();
        document.versions().forEach(version -> details.add(versionDetail(document, version)));
        return details;
    }

    private static ObjectNode versionDetail(VersionedDocument document, Version version) {
        ObjectNode detail = JSON.createObjectNode();
        detail.put("version", version.version());
        detail.put("release_date", version.updatedAt());
        detail.put("is_latest", document.isLatest(version.version()));
        return detail;
    }
}
