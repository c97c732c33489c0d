package com.nacosx.config.model;

/**
 * A publish as it is stored: the content with the details the console shows. Fields other than
 * content may be null; the md5 is computed once, here.
 *
 * @param tags comma-separated config tags ({@code config_tags})
 */
public record ConfigWrite(String content, String md5, String type, String appName, String srcIp, String srcUser,
                          String desc, String use, String effect, String schema, String encryptedDataKey, String tags) {

    public ConfigWrite(String content, String type, String appName, String srcIp, String srcUser, String desc,
            String use, String effect, String schema, String encryptedDataKey, String tags) {
        this(content, content == null ? null : Md5.of(content), type, appName, srcIp, srcUser, desc, use, effect,
                schema, encryptedDataKey, tags);
    }

    public ConfigWrite withType(String newType) {
        return new ConfigWrite(content, md5, newType, appName, srcIp, srcUser, desc, use, effect, schema,
                encryptedDataKey, tags);
    }
}
