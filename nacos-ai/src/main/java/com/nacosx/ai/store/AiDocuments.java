package com.nacosx.ai.store;

import com.nacosx.api.common.Page;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.config.model.StoredConfig;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.service.PublishOptions;
import com.nacosx.config.store.ConfigInfoStore.SearchCriteria;
import com.nacosx.core.http.HttpExchange;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The AI registry's documents, each kept whole as one JSON config: written through the config
 * center, they are stored and replicated as configs are (Raft on embedded storage, the database
 * with MySQL) and every node's cache serves the reads. One config per MCP server or agent, with all
 * its versions, so a change is one atomic write; updates compare-and-set on the md5 read, so two
 * writers cannot lose each other's versions.
 */
@Component
public class AiDocuments {

    /** Marks the registry's configs, as the official server tags its own. */
    private static final String INTERNAL_TAG = "nacos.internal.config=";
    private static final Logger LOG = LoggerFactory.getLogger(AiDocuments.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Never an md5: a compare-and-set on it succeeds only by inserting, so a create cannot overwrite. */
    private static final String ABSENT = "absent";
    private static final String PUBLIC_NAMESPACE = "public";

    private final ConfigService configs;

    public AiDocuments(ConfigService configs) {
        this.configs = configs;
    }

    /** A document as read, with the md5 a later {@link #replace} compares against. */
    public record Stored(VersionedDocument document, String md5) {
    }

    /** The namespace a request names; none is the public namespace, as the 3.x AI API has it. */
    public static String namespaceOf(String namespaceId) {
        return namespaceId == null || namespaceId.isBlank() ? PUBLIC_NAMESPACE : namespaceId.trim();
    }

    /** A config data id for {@code name}: names may hold any character, data ids may not. */
    public static String dataIdOf(String kind, String name) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return kind + "-" + HexFormat.of().formatHex(digest, 0, 16) + ".json";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }

    public Optional<Stored> read(String namespace, String group, String dataId) {
        ConfigService.Served served = configs.read(key(namespace, group, dataId), null, null);
        if (served == null) {
            return Optional.empty();
        }
        return Optional.of(stored(served.entry().content(), served.entry().md5()));
    }

    /** Stores a new document; fails with a conflict when one was created under the same id meanwhile. */
    public void create(String namespace, String group, String dataId, VersionedDocument document, Author author) {
        write(namespace, group, dataId, document.node(), ABSENT, author);
    }

    /** Stores the document as changed since it was read; fails with a conflict when another write came between. */
    public void replace(String namespace, String group, String dataId, Stored changed, Author author) {
        write(namespace, group, dataId, changed.document().node(), changed.md5(), author);
    }

    /**
     * Deletes one version of a document read, or the document when {@code version} is blank or it
     * was the last; a version it does not have is refused with {@code missing}.
     */
    public void deleteVersion(String namespace, String group, String dataId, Stored stored, String version,
            Supplier<NacosException> missing, Author author) {
        if (version == null || version.isBlank()) {
            delete(namespace, group, dataId, author);
            return;
        }
        if (stored.document().version(version).isEmpty()) {
            throw missing.get();
        }
        if (stored.document().remove(version)) {
            replace(namespace, group, dataId, stored, author);
        } else {
            delete(namespace, group, dataId, author);
        }
    }

    public void delete(String namespace, String group, String dataId, Author author) {
        configs.remove(key(namespace, group, dataId), null, author.ip(), author.user());
        LOG.info("[{}] {} in namespace {} deleted by {} from {}", group, dataId, namespace, author.user(), author.ip());
    }

    /** Every document of a group in a namespace, in the order they were first stored. */
    public List<Stored> all(String namespace, String group) {
        List<Stored> documents = new ArrayList<>();
        SearchCriteria criteria = new SearchCriteria(ConfigService.normalizeTenant(namespace), null, group, null,
                null, null, false);
        for (int pageNo = 1; ; pageNo++) {
            Page<StoredConfig> page = configs.search(criteria, pageNo, Page.MAX_PAGE_SIZE);
            page.pageItems().forEach(config -> documents.add(stored(config.content(), config.md5())));
            if (pageNo >= page.pagesAvailable()) {
                return documents;
            }
        }
    }

    /**
     * A page of the documents of a group whose names match ({@link NamePattern}), each shown as
     * {@code shown} makes it.
     */
    public Page<ObjectNode> page(String namespace, String group, String name, String search, int pageNo, int pageSize,
            Function<VersionedDocument, ObjectNode> shown) {
        Page.checkPaging(pageNo, pageSize);
        List<ObjectNode> matching = all(namespace, group).stream().map(Stored::document)
                .filter(document -> NamePattern.matches(document.name(), name, search)).map(shown).toList();
        return Page.slice(matching, pageNo, pageSize);
    }

    /** Who writes, as the config history records it. */
    public record Author(String ip, String user) {

        /** The HTTP caller, with the {@code srcUser} it names. */
        public static Author of(HttpExchange exchange) {
            return new Author(exchange.clientIp(), exchange.param("srcUser"));
        }
    }

    private void write(String namespace, String group, String dataId, ObjectNode document, String casMd5,
            Author author) {
        String name = document.path("name").asString("");
        ConfigWrite write = new ConfigWrite(JSON.writeValueAsString(document), "json", name, author.ip(),
                author.user(), null, null, null, null, null, INTERNAL_TAG + group);
        configs.publish(key(namespace, group, dataId), write, new PublishOptions(casMd5, null, null));
        LOG.info("[{}] {} `{}` in namespace {} written by {} from {}, latest version {}", group,
                ABSENT.equals(casMd5) ? "created" : "updated", name, namespace, author.user(), author.ip(),
                document.path("latestVersion").asString(""));
    }

    private ConfigKey key(String namespace, String group, String dataId) {
        return configs.key(dataId, group, namespace);
    }

    private static Stored stored(String content, String md5) {
        return new Stored(VersionedDocument.of((ObjectNode) JSON.readTree(content)), md5);
    }
}
