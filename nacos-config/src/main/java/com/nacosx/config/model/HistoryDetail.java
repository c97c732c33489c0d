package com.nacosx.config.model;

/**
 * One history entry with the change it records laid out as before and after, in the JSON shape of
 * the official {@code ConfigHistoryInfoDetail}: an insert has only the updated side, a delete only
 * the original, an update both (the after side from the next entry of the same config and variant,
 * or from the stored config when there is none). The ext-info fields are always null: this server
 * keeps no ext_info in the history.
 */
public record HistoryDetail(String id, long lastId, String dataId, String group, String tenant, String opType,
                            String publishType, String grayName, String appName, String srcIp, String srcUser,
                            String originalMd5, String originalContent, String originalEncryptedDataKey,
                            String originalExtInfo, String updatedMd5, String updatedContent,
                            String updatedEncryptedDataKey, String updateExtInfo, long createdTime,
                            long lastModifiedTime) {

    /** What a config (or one of its variants) held at some point. */
    public record Version(String content, String md5, String encryptedDataKey) {
        static final Version NONE = new Version("", "", "");
    }

    public static HistoryDetail of(HistoryEntry entry, Version original, Version updated) {
        return new HistoryDetail(entry.id(), entry.lastId(), entry.dataId(), entry.group(), entry.tenant(),
                entry.opType(), entry.publishType(), entry.grayName(), entry.appName(), entry.srcIp(),
                entry.srcUser(), original.md5(), original.content(), original.encryptedDataKey(),
                null, updated.md5(), updated.content(), updated.encryptedDataKey(),
                null, entry.createdTime(), entry.lastModifiedTime());
    }

    public static Version versionOf(HistoryEntry entry) {
        return new Version(entry.content(), entry.md5(), entry.encryptedDataKey());
    }

    public static Version none() {
        return Version.NONE;
    }
}
