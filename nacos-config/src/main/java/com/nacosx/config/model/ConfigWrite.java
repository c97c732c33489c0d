package com.nacosx.config.model;

/**
 * A publish as it is stored: the content with the details the console shows. Fields other than
 * content may be null.
 *
 * @param tags comma-separated config tags ({@code config_tags})
 */
public record ConfigWrite(String content, String type, String appName, String srcIp, String srcUser, String desc,
                          String use, String effect, String schema, String encryptedDataKey, String tags) {

    public String md5() {
        return Md5.of(content);
    }
}
