package com.nacosx.ai.store;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How the AI lists match names: {@code accurate} is the exact name; {@code blur} is a pattern
 * where {@code *} is any text, and a plain text matches names holding it, ignoring case.
 */
public final class NamePattern {

    private NamePattern() {
    }

    public static boolean matches(String name, String wanted, String search) {
        if (wanted == null || wanted.isBlank() || "*".equals(wanted)) {
            return true;
        }
        if (!"blur".equalsIgnoreCase(search)) {
            return name.equals(wanted);
        }
        String pattern = wanted.contains("*") ? wanted : "*" + wanted + "*";
        StringBuilder regex = new StringBuilder();
        for (String part : pattern.split("\\*", -1)) {
            regex.append(Pattern.quote(part.toLowerCase(Locale.ROOT))).append(".*");
        }
        regex.setLength(regex.length() - 2);
        return name.toLowerCase(Locale.ROOT).matches(regex.toString());
    }
}
