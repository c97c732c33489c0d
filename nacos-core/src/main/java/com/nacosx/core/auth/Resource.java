package com.nacosx.core.auth;

/**
 * What a request touches, named as permissions name it: {@code namespace:group:type/name}, with
 * the public namespace written empty and a missing group or name as {@code *}
 * ({@code :DEFAULT_GROUP:config/app.yaml}, {@code dev:*:naming/*}); or a fixed name such as
 * {@code console/users}, which only admins reach.
 */
public record Resource(String joined) {

    public static final String CONFIG = "config";
    public static final String NAMING = "naming";
    private static final String PUBLIC_NAMESPACE = "public";

    /** A config or naming resource. */
    public static Resource of(String namespaceId, String group, String type, String name) {
        String namespace = namespaceId == null || namespaceId.isBlank() || PUBLIC_NAMESPACE.equals(namespaceId)
                ? "" : namespaceId;
        String shownGroup = group == null || group.isBlank() ? "*" : group;
        String shownName = name == null || name.isBlank() ? "*" : name;
        return new Resource(namespace + ":" + shownGroup + ":" + type + "/" + shownName);
    }

    /** A resource of the server itself, reached by admins only. */
    public static Resource console(String name) {
        return new Resource("console/" + name);
    }

    boolean isConsole() {
        return joined.startsWith("console/");
    }
}
