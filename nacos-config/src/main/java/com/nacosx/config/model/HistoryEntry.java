package com.nacosx.config.model;

/**
 * A row of his_config_info, in the JSON shape of the official history API. {@code id} is the
 * config's id, {@code nid} the row's own; {@code lastId} is always -1, as there. opType is I
 * (insert), U (update: the row holds the content before the update) or D (delete: the content
 * that was deleted).
 */
public record HistoryEntry(String id, String nid, long lastId, String dataId, String group, String tenant,
                           String appName, String content, String md5, String srcIp, String srcUser, String opType,
                           String publishType, String grayName, String encryptedDataKey, long createdTime,
                           long lastModifiedTime) {

    public ConfigKey key() {
        return new ConfigKey(dataId, group, tenant);
    }
}
