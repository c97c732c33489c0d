package com.nacosx.config.model;

import java.nio.charset.StandardCharsets;

/**
 * One published content of a config (its formal content, or a beta or tag variant) as readers
 * get it. Immutable; the UTF-8 bytes are encoded once so that reads only copy them out.
 */
public final class ConfigEntry {

    private final String content;
    private final byte[] bytes;
    private final String md5;
    private final String type;
    private final long lastModified;
    private final String encryptedDataKey;

    private ConfigEntry(String content, byte[] bytes, String md5, String type, long lastModified,
            String encryptedDataKey) {
        this.content = content;
        this.bytes = bytes;
        this.md5 = md5;
        this.type = type;
        this.lastModified = lastModified;
        this.encryptedDataKey = encryptedDataKey;
    }

    public static ConfigEntry of(String content, String type, long lastModified, String encryptedDataKey) {
        return of(content, null, type, lastModified, encryptedDataKey);
    }

    /** @param md5 the content's md5 when already known, else null */
    public static ConfigEntry of(String content, String md5, String type, long lastModified, String encryptedDataKey) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        return new ConfigEntry(content, bytes, md5 == null ? Md5.of(bytes) : md5, type, lastModified,
                encryptedDataKey == null || encryptedDataKey.isEmpty() ? null : encryptedDataKey);
    }

    public String content() {
        return content;
    }

    /** The UTF-8 content; callers must not modify the array. */
    public byte[] bytes() {
        return bytes;
    }

    public String md5() {
        return md5;
    }

    public String type() {
        return type;
    }

    public long lastModified() {
        return lastModified;
    }

    /** Null when the content is not encrypted. */
    public String encryptedDataKey() {
        return encryptedDataKey;
    }
}
