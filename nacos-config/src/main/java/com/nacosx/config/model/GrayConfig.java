package com.nacosx.config.model;

/**
 * A gray (beta or tag) variant as stored in config_info_gray, or read from the 1.x tables
 * config_info_beta and config_info_tag.
 *
 * @param grayName {@code beta}, or {@code tag_<tag>}
 * @param expr     the beta IPs (comma-separated) or the tag
 */
public record GrayConfig(long id, ConfigKey key, String grayName, String expr, String content, String md5,
                         String appName, String encryptedDataKey, long modifyTime, String srcIp, String srcUser) {

    public static final String BETA = "beta";
    private static final String TAG_PREFIX = "tag_";

    public static String tagGrayName(String tag) {
        return TAG_PREFIX + tag;
    }

    public boolean isBeta() {
        return BETA.equals(grayName);
    }

    /** The tag of this variant, or null when it is not a tag variant. */
    public String tag() {
        return tagOf(grayName);
    }

    /** The tag a gray name stands for ({@code tag_<tag>}), or null. */
    public static String tagOf(String grayName) {
        return grayName.startsWith(TAG_PREFIX) ? grayName.substring(TAG_PREFIX.length()) : null;
    }
}
