package com.nacosx.config.http;

import com.nacosx.api.common.Constants;
import com.nacosx.api.common.Page;
import com.nacosx.config.model.GrayConfig;
import com.nacosx.config.model.HistoryEntry;
import com.nacosx.config.model.StoredConfig;
import com.nacosx.config.service.ConfigService.ConfigDetail;

/**
 * The JSON shapes of configs in the v3 admin API, with the field names of the 3.x API's models
 * ({@code ConfigBasicInfo}, {@code ConfigDetailInfo}, {@code ConfigGrayInfo},
 * {@code ConfigHistoryBasicInfo}, {@code ConfigHistoryDetailInfo}). The public namespace is
 * {@code "public"} here, as 3.x servers and tools name it.
 */
final class ConfigViewV3 {

    private ConfigViewV3() {
    }

    record Basic(long id, String namespaceId, String groupName, String dataId, String md5, String type,
            String appName, long createTime, long modifyTime, String desc, String configTags) {
    }

    record Detail(long id, String namespaceId, String groupName, String dataId, String md5, String type,
            String appName, long createTime, long modifyTime, String desc, String configTags, String content,
            String encryptedDataKey, String createUser, String createIp) {
    }

    record Gray(long id, String namespaceId, String groupName, String dataId, String md5, String type,
            String appName, long createTime, long modifyTime, String content, String encryptedDataKey,
            String grayName, String grayRule) {
    }

    record History(long id, String namespaceId, String groupName, String dataId, String md5, String type,
            String appName, long createTime, long modifyTime, String srcIp, String srcUser, String opType,
            String publishType) {
    }

    record HistoryDetail(long id, String namespaceId, String groupName, String dataId, String md5, String type,
            String appName, long createTime, long modifyTime, String srcIp, String srcUser, String opType,
            String publishType, String content, String encryptedDataKey, String grayName, String extInfo) {
    }

    static String namespaceId(String tenant) {
        return tenant == null || tenant.isEmpty() ? Constants.PUBLIC_NAMESPACE_ID : tenant;
    }

    static Page<Basic> pageOf(Page<StoredConfig> page) {
        return new Page<>(page.totalCount(), page.pageNumber(), page.pagesAvailable(),
                page.pageItems().stream().map(ConfigViewV3::basicOf).toList());
    }

    static Basic basicOf(StoredConfig c) {
        return new Basic(c.id(), namespaceId(c.key().tenant()), c.key().group(), c.key().dataId(), c.md5(), c.type(),
                c.appName(), c.createTime(), c.modifyTime(), c.desc(), null);
    }

    static Detail detailOf(ConfigDetail detail) {
        StoredConfig c = detail.config();
        return new Detail(c.id(), namespaceId(c.key().tenant()), c.key().group(), c.key().dataId(), c.md5(), c.type(),
                c.appName(), c.createTime(), c.modifyTime(), c.desc(),
                detail.tags().isEmpty() ? null : String.join(",", detail.tags()), c.content(), c.encryptedDataKey(),
                c.srcUser(), c.srcIp());
    }

    static Gray grayOf(GrayConfig g) {
        return new Gray(g.id(), namespaceId(g.key().tenant()), g.key().group(), g.key().dataId(), g.md5(), null,
                g.appName(), g.modifyTime(), g.modifyTime(), g.content(), g.encryptedDataKey(), g.grayName(), g.expr());
    }

    static Page<History> historyPageOf(Page<HistoryEntry> page) {
        return new Page<>(page.totalCount(), page.pageNumber(), page.pagesAvailable(),
                page.pageItems().stream().map(ConfigViewV3::historyOf).toList());
    }

    static History historyOf(HistoryEntry h) {
        return new History(Long.parseLong(h.nid()), namespaceId(h.tenant()), h.group(), h.dataId(), h.md5(), null,
                h.appName(), h.createdTime(), h.lastModifiedTime(), h.srcIp(), h.srcUser(), h.opType(),
                h.publishType());
    }

    static HistoryDetail historyDetailOf(HistoryEntry h) {
        return new HistoryDetail(Long.parseLong(h.nid()), namespaceId(h.tenant()), h.group(), h.dataId(), h.md5(),
                null, h.appName(), h.createdTime(), h.lastModifiedTime(), h.srcIp(), h.srcUser(), h.opType(),
                h.publishType(), h.content(), h.encryptedDataKey(), h.grayName(), null);
    }
}
