package com.nacosx.ai.store;

import com.nacosx.api.common.Page;
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

    private final ConfigService configs;

    public AiDocuments(ConfigService configs) {
        this.configs = configs;
    }

    /** A document as read, with the md5 a later {@link #replace} compares against. */
    public record Stored(ObjectNode document, String md5) {
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
        return Optional.of(new Stored(parse(served.entry().content()), served.entry().md5()));
    }

    /** Stores a new document; fails with a conflict when one was created under the same id meanwhile. */
    public void create(String namespace, String group, String dataId, ObjectNode document, Author author) {
        write(namespace, group, dataId, document, ABSENT, author);
    }

    /** Replaces the document read with md5 {@code readMd5}; fails with a conflict when it changed since. */
    public void replace(String namespace, String group, String dataId, ObjectNode document, String readMd5,
            Author author) {
        write(namespace, group, dataId, document, readMd5, author);
    }

    public void delete(String namespace, String group, String dataId, Author author) {
        configs.remove(key(namespace, group, dataId), null, author.ip(), author.user());
        LOG.info("[{}] {} in namespace {} deleted by {} from {}", group, dataId, namespace, author.user(), author.ip());
    }

    /** Every document of a group in a namespace, in the order they were first stored. */
    public List<ObjectNode> all(String namespace, String group) {
        List<ObjectNode> documents = new ArrayList<>();
        SearchCriteria criteria = new SearchCriteria(ConfigService.normalizeTenant(namespace), null, group, null,
                null, null, false);
        for (int pageNo = 1; ; pageNo++) {
            Page<StoredConfig> page = configs.search(criteria, pageNo, Page.MAX_PAGE_SIZE);
            page.pageItems().forEach(config -> documents.add(parse(config.content())));
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
        List<ObjectNode> matching = all(namespace, group).stream().map(VersionedDocument::of)
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

    private static ObjectNode parse(String content) {
        return (ObjectNode) JSON.readTree(content);
    }
}
