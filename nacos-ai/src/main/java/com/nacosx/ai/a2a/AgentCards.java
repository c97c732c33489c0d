package com.nacosx.ai.a2a;

import com.nacosx.ai.store.AiDocuments;
import com.nacosx.ai.store.AiDocuments.Author;
import com.nacosx.ai.store.AiDocuments.Stored;
import com.nacosx.ai.store.VersionedDocument;
import com.nacosx.ai.store.VersionedDocument.Version;
import com.nacosx.api.common.Page;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.naming.Instance;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.service.NamingQueries;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A2A agent cards with their versions, read in the official {@code AgentCardDetailInfo} and
 * {@code AgentCardVersionInfo} shapes. An agent registered as {@code URL} is reached at its card's
 * url; one registered as {@code SERVICE} at the endpoints its SDK registers, which become the
 * card's url and additional interfaces when it is read.
 */
@Component
public class AgentCards {

    public static final String GROUP = "a2a-agent";
    public static final String ENDPOINT_GROUP = "a2a-endpoints";
    public static final String URL = "URL";
    public static final String SERVICE = "SERVICE";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> BASIC_FIELDS = List.of("protocolVersion", "name", "description", "version",
            "iconUrl", "capabilities", "skills");

    private final AiDocuments documents;
    private final NamingQueries naming;
    private final Clock clock = Clock.systemUTC();

    public AgentCards(AiDocuments documents, NamingQueries naming) {
        this.documents = documents;
        this.naming = naming;
    }

    /** The service the endpoints of one version of an agent register into. */
    public static ServiceKey endpointService(String namespaceId, String agentName, String version) {
        return ServiceKey.of(AiDocuments.namespaceOf(namespaceId), ENDPOINT_GROUP, agentName + "::" + version);
    }

    /** A card from a JSON text, checked; see {@link #check}. */
    public static ObjectNode parse(String text) {
        if (text == null || text.isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter 'agentCard' is not present");
        }
        try {
            return check(JSON.readTree(text));
        } catch (JacksonException e) {
            throw invalid("agentCard is invalid. Can't be parsed: " + e.getOriginalMessage());
        }
    }

    /** A card needs a name and a version; its skills, capabilities and interfaces must have their A2A shapes. */
    public static ObjectNode check(JsonNode card) {
        if (card == null || !card.isObject()) {
            throw invalid("agentCard is invalid. Can't be parsed: it must be a JSON object");
        }
        if (card.path("name").asString("").isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter `agentCard.name` can't be empty or null");
        }
        if (card.path("version").asString("").isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter `agentCard.version` can't be empty or null");
        }
        for (String list : List.of("skills", "additionalInterfaces", "defaultInputModes", "defaultOutputModes")) {
            if (card.has(list) && !card.get(list).isNull() && !card.get(list).isArray()) {
                throw invalid("agentCard." + list + " must be an array");
            }
        }
        for (JsonNode skill : card.path("skills")) {
            if (!skill.isObject() || skill.path("id").asString("").isBlank()
                    || skill.path("name").asString("").isBlank()) {
                throw invalid("every skill of agentCard.skills needs an `id` and a `name`");
            }
        }
        if (card.has("capabilities") && !card.get("capabilities").isNull() && !card.get("capabilities").isObject()) {
            throw invalid("agentCard.capabilities must be an object");
        }
        return ((ObjectNode) card).deepCopy();
    }

    /** Registers a new agent with the card's version as its latest. */
    public void register(String namespaceId, ObjectNode card, String registrationType, Author author) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        String name = card.path("name").asString();
        if (documents.read(namespace, GROUP, dataIdOf(name)).isPresent()) {
            throw new NacosException(NacosException.CONFLICT, ErrorCode.RESOURCE_CONFLICT, String.format(
                    "agent `%s` has existed, please update it rather than register.", name));
        }
        create(namespace, card, registrationType, author);
    }

    /** Stores the card's version of an existing agent: a new version is added, one it has is replaced. */
    public void update(String namespaceId, ObjectNode card, boolean setAsLatest, String registrationType,
            Author author) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        putVersion(namespace, require(namespace, card.path("name").asString()), card, setAsLatest, registrationType,
                false, author);
    }

    /** What the SDK's release does: registers the agent, or adds a version it does not have. */
    public void release(String namespaceId, ObjectNode card, String registrationType, boolean setAsLatest,
            Author author) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        Optional<Stored> agent = documents.read(namespace, GROUP, dataIdOf(card.path("name").asString()));
        if (agent.isEmpty()) {
            create(namespace, card, registrationType, author);
        } else {
            putVersion(namespace, agent.get(), card, setAsLatest, registrationType, true, author);
        }
    }

    private void create(String namespace, ObjectNode card, String registrationType, Author author) {
        String name = card.path("name").asString();
        VersionedDocument document = VersionedDocument.create(UUID.randomUUID().toString(), name, namespace);
        document.put(card.path("version").asString(), bodyOf(card, registrationType), true, clock.instant());
        documents.create(namespace, GROUP, dataIdOf(name), document, author);
    }

    /** Stores the card as a version of the agent read; one it has is refused when {@code refuseExisting}. */
    private void putVersion(String namespace, Stored agent, ObjectNode card, boolean setAsLatest,
            String registrationType, boolean refuseExisting, Author author) {
        String version = card.path("version").asString();
        if (refuseExisting && agent.document().version(version).isPresent()) {
            throw new NacosException(NacosException.CONFLICT, ErrorCode.AGENT_VERSION_EXIST, String.format(
                    "agent `%s` already has version `%s`; release a new version", agent.document().name(), version));
        }
        agent.document().put(version, bodyOf(card, registrationType), setAsLatest, clock.instant());
        documents.replace(namespace, GROUP, dataIdOf(agent.document().name()), agent, author);
    }

    /** The card of a version (the latest when blank) as {@code AgentCardDetailInfo}. */
    public ObjectNode detail(String namespaceId, String name, String version, String registrationType) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        VersionedDocument document = require(namespace, name).document();
        Version chosen = chosen(document, version);
        ObjectNode detail = ((ObjectNode) chosen.body().path("card")).deepCopy();
        String type = registrationType == null || registrationType.isBlank()
                ? chosen.body().path("registrationType").asString(URL) : registrationType.trim().toUpperCase();
        detail.put("registrationType", type);
        detail.put("latestVersion", document.isLatest(chosen.version()));
        if (SERVICE.equals(type)) {
            addServiceUrls(detail, endpointService(namespace, name, chosen.version()));
        }
        return detail;
    }

    /** Every version of an agent as {@code AgentVersionDetail}. */
    public ArrayNode versions(String namespaceId, String name) {
        return versionDetails(require(AiDocuments.namespaceOf(namespaceId), name).document());
    }

    private static ArrayNode versionDetails(VersionedDocument document) {
        ArrayNode versions = JSON.createArrayNode();
        for (Version version : document.versions()) {
            versions.addObject().put("version", version.version()).put("createdAt", version.createdAt())
                    .put("updatedAt", version.updatedAt()).put("latest", document.isLatest(version.version()));
        }
        return versions;
    }

    /** Agents of a namespace as {@code AgentCardVersionInfo}, matched by name as the MCP list is. */
    public Page<ObjectNode> list(String namespaceId, String name, String search, int pageNo, int pageSize) {
        return documents.page(AiDocuments.namespaceOf(namespaceId), GROUP, name, search, pageNo, pageSize,
                AgentCards::versionInfo);
    }

    /** Deletes one version, or the agent when {@code version} is blank or it was the last. */
    public void delete(String namespaceId, String name, String version, Author author) {
        String namespace = AiDocuments.namespaceOf(namespaceId);
        Stored agent = require(namespace, name);
        documents.deleteVersion(namespace, GROUP, dataIdOf(name), agent, version,
                () -> versionMissing(agent.document(), version), author);
    }

    private Stored require(String namespace, String name) {
        if (name == null || name.isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter `agentName` can't be empty or null");
        }
        return documents.read(namespace, GROUP, dataIdOf(name)).orElseThrow(() -> new NacosException(
                NacosException.NOT_FOUND, ErrorCode.AGENT_NOT_FOUND,
                String.format("agent `%s` not found in namespace `%s`", name, namespace)));
    }

    private static Version chosen(VersionedDocument document, String version) {
        if (version == null || version.isBlank()) {
            return document.latest();
        }
        return document.version(version).orElseThrow(() -> versionMissing(document, version));
    }

    private static NacosException versionMissing(VersionedDocument agent, String version) {
        return new NacosException(NacosException.NOT_FOUND, ErrorCode.AGENT_VERSION_NOT_FOUND,
                String.format("agent `%s` has no version `%s`", agent.name(), version));
    }

    /** The registered endpoints as the card's url (the first) and additional interfaces (all). */
    private void addServiceUrls(ObjectNode detail, ServiceKey service) {
        List<Instance> endpoints = naming.hosts(service).stream()
                .filter(instance -> instance.healthy && instance.enabled).toList();
        if (endpoints.isEmpty()) {
            return;
        }
        ArrayNode interfaces = detail.putArray("additionalInterfaces");
        for (Instance endpoint : endpoints) {
            String url = urlOf(endpoint);
            String transport = endpoint.metadata.getOrDefault("transport", "JSONRPC");
            interfaces.addObject().put("url", url).put("transport", transport);
        }
        detail.put("url", interfaces.get(0).path("url").asString());
        detail.put("preferredTransport", interfaces.get(0).path("transport").asString());
    }

    private static String urlOf(Instance endpoint) {
        boolean tls = Boolean.parseBoolean(endpoint.metadata.getOrDefault("supportTls", "false"));
        String path = endpoint.metadata.getOrDefault("path", "");
        String query = endpoint.metadata.getOrDefault("query", "");
        return (tls ? "https" : "http") + "://" + endpoint.ip + ":" + endpoint.port
                + (path.isEmpty() || path.startsWith("/") ? path : "/" + path) + (query.isEmpty() ? "" : "?" + query);
    }

    private static ObjectNode versionInfo(VersionedDocument document) {
        Version latest = document.latest();
        ObjectNode info = JSON.createObjectNode();
        JsonNode card = latest.body().path("card");
        for (String field : BASIC_FIELDS) {
            if (card.has(field)) {
                info.set(field, card.get(field));
            }
        }
        info.put("latestPublishedVersion", latest.version());
        info.set("versionDetails", versionDetails(document));
        info.put("registrationType", latest.body().path("registrationType").asString(URL));
        return info;
    }

    private static ObjectNode bodyOf(ObjectNode card, String registrationType) {
        String type = registrationType == null || registrationType.isBlank() ? URL
                : registrationType.trim().toUpperCase();
        if (!URL.equals(type) && !SERVICE.equals(type)) {
            throw invalid("registrationType must be URL or SERVICE, but was " + registrationType);
        }
        ObjectNode body = JSON.createObjectNode();
        body.set("card", card);
        body.put("registrationType", type);
        return body;
    }

    private static String dataIdOf(String name) {
        return AiDocuments.dataIdOf("agent", name);
    }

    private static NacosException invalid(String why) {
        return new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_VALIDATE_ERROR, why);
    }
}
