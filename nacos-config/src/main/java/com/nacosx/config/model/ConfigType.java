package com.nacosx.config.model;

import java.util.Locale;
import java.util.Map;

/** The content types Nacos knows, and the HTTP Content-Type a 1.x read answers with for each. */
public final class ConfigType {

    public static final String DEFAULT = "text";

    private static final Map<String, String> CONTENT_TYPES = Map.of(
            "text", "text/plain;charset=UTF-8",
            "properties", "text/plain;charset=UTF-8",
            "json", "application/json;charset=UTF-8",
            "xml", "application/xml;charset=UTF-8",
            "yaml", "text/yaml;charset=UTF-8",
            "html", "text/html;charset=UTF-8",
            "toml", "text/plain;charset=UTF-8",
            "unset", "text/plain;charset=UTF-8");

    private ConfigType() {
    }

    /** The type to store: a known type as given, anything else (or nothing) as text, like the official server. */
    public static String normalize(String type) {
        if (type == null) {
            return DEFAULT;
        }
        String lower = type.trim().toLowerCase(Locale.ROOT);
        return CONTENT_TYPES.containsKey(lower) ? lower : DEFAULT;
    }

    public static String httpContentType(String type) {
        return CONTENT_TYPES.getOrDefault(type == null ? DEFAULT : type, CONTENT_TYPES.get(DEFAULT));
    }
}
