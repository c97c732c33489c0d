package com.nacosx.config.http;

import com.nacosx.api.common.Page;
import com.nacosx.config.model.GrayConfig;
import com.nacosx.config.model.StoredConfig;
import com.nacosx.config.service.ConfigService.ConfigDetail;

/** The JSON shapes of configs in the 1.x API, with the official field names. Ids are strings, as there. */
public final class ConfigView {

    private ConfigView() {
    }

    /** A config in search results. */
    public record Item(String id, String dataId, String group, String content, String md5, String encryptedDataKey,
                String tenant, String appName, String type) {
    }

    /** A config with everything the console shows ({@code show=all}). */
    public record Detail(String id, String dataId, String group, String content, String md5, String encryptedDataKey,
                  String tenant, String appName, String type, long createTime, long modifyTime, String createUser,
                  String createIp, String desc, String use, String effect, String schema, String configTags) {
    }

    /** A beta variant ({@code beta=true}). */
    public record Beta(String id, String dataId, String group, String content, String md5, String encryptedDataKey,
                String tenant, String appName, String betaIps, long lastModified) {
    }

    /** A page of search results as the official shows them. */
    static Page<Item> pageOf(Page<StoredConfig> page) {
        return new Page<>(page.totalCount(), page.pageNumber(), page.pagesAvailable(),
                page.pageItems().stream().map(ConfigView::itemOf).toList());
    }

    static Item itemOf(StoredConfig c) {
        return new Item(String.valueOf(c.id()), c.key().dataId(), c.key().group(), c.content(), c.md5(),
                c.encryptedDataKey(), c.key().tenant(), c.appName(), c.type());
    }

    static Detail detailOf(ConfigDetail detail) {
        StoredConfig c = detail.config();
        return new Detail(String.valueOf(c.id()), c.key().dataId(), c.key().group(), c.content(), c.md5(),
                c.encryptedDataKey(), c.key().tenant(), c.appName(), c.type(), c.createTime(), c.modifyTime(),
                c.srcUser(), c.srcIp(), c.desc(), c.use(), c.effect(), c.schema(),
                detail.tags().isEmpty() ? null : String.join(",", detail.tags()));
    }

    static Beta betaOf(GrayConfig g) {
        return new Beta(String.valueOf(g.id()), g.key().dataId(), g.key().group(), g.content(), g.md5(),
                g.encryptedDataKey(), g.key().tenant(), g.appName(), g.expr(), g.modifyTime());
    }
}
