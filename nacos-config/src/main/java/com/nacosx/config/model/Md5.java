package com.nacosx.config.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The md5 Nacos clients compare: lower-case hex of the UTF-8 bytes of the content. */
public final class Md5 {

    private Md5() {
    }

    public static String of(String content) {
        return of(content.getBytes(StandardCharsets.UTF_8));
    }

    public static String of(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no MD5", e);
        }
    }
}
