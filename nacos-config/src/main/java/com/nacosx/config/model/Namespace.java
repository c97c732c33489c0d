package com.nacosx.config.model;

/**
 * A namespace as the console lists it. type 0 is the public namespace, 2 a custom one.
 */
public record Namespace(String namespace, String namespaceShowName, String namespaceDesc, int quota,
                        long configCount, int type) {

    public static final int DEFAULT_QUOTA = 200;
    public static final int TYPE_PUBLIC = 0;
    public static final int TYPE_CUSTOM = 2;
}
