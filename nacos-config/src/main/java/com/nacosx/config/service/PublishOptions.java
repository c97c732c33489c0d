package com.nacosx.config.service;

/**
 * How a publish is applied, besides its content.
 *
 * @param casMd5  publish only while the stored md5 equals this (compare-and-set); null for plain
 * @param betaIps publish a beta visible only to these comma-separated client IPs; null for formal
 * @param tag     publish the variant of this tag; null for formal
 */
public record PublishOptions(String casMd5, String betaIps, String tag) {

    public static final PublishOptions FORMAL = new PublishOptions(null, null, null);

    public PublishOptions {
        casMd5 = blankToNull(casMd5);
        betaIps = blankToNull(betaIps);
        tag = blankToNull(tag);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
