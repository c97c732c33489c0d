package com.nacosx.core.util;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Lower-case hex digests: the md5 Nacos compares on the wire, and fingerprints among our nodes. */
public final class Digests {

    private Digests() {
    }

    public static String md5Hex(byte[] bytes) {
        return hex("MD5", bytes);
    }

    public static String sha256Hex(byte[] bytes) {
        return hex("SHA-256", bytes);
    }

    private static String hex(String algorithm, byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has " + algorithm, e);
        }
    }
}
