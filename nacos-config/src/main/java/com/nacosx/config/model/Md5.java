package com.nacosx.config.model;

import com.nacosx.core.util.Digests;
import java.nio.charset.StandardCharsets;

/** The md5 Nacos clients compare: lower-case hex of the UTF-8 bytes of the content. */
public final class Md5 {

    private Md5() {
    }

    public static String of(String content) {
        return of(content.getBytes(StandardCharsets.UTF_8));
    }

    public static String of(byte[] bytes) {
        return Digests.md5Hex(bytes);
    }
}
