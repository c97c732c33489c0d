package com.nacosx.config.model;

/** A row of config_info, with times in epoch milliseconds. */
public record StoredConfig(long id, ConfigKey key, String content, String md5, String type, String appName,
                           String encryptedDataKey, long createTime, long modifyTime, String srcUser, String srcIp,
                           String desc, String use, String effect, String schema) {
}
