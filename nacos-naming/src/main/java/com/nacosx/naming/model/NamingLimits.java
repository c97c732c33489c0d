package com.nacosx.naming.model;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import java.util.Map;

/**
 * The sizes the official server's parameter check allows (its defaults), for both doors: whatever
 * a caller sends is held in memory, pushed to every subscriber and listed in every answer, so a
 * name or a metadata map must not be able to grow without bound. Messages name the parameter and
 * the limit, in the official wording.
 */
public final class NamingLimits {

    public static final int SERVICE_NAME_MAX = 512;
    public static final int GROUP_MAX = 128;
    public static final int NAMESPACE_MAX = 128;
    public static final int CLUSTER_MAX = 64;
    public static final int IP_MAX = 128;
    /** Keys and values of one metadata map together, in characters. */
    public static final int METADATA_MAX = 1024;

    private NamingLimits() {
    }

    /** A name: not longer than {@code max}, no white space or control characters. */
    public static void checkName(String param, String value, int max) {
        if (value.length() > max) {
            throw NacosException.badRequest("Param '" + param + "' is illegal, the param length should not exceed "
                    + max + ".");
        }
        if (value.chars().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
            throw NacosException.badRequest("Param '" + param + "' is illegal, illegal characters should not appear "
                    + "in the param: '" + Shown.bounded(value) + "'");
        }
    }

    /** A metadata map: no null key or value, and at most {@link #METADATA_MAX} characters in all. */
    public static void checkMetadata(Map<String, String> metadata) {
        long total = 0;
        for (Map.Entry<String, String> entry : metadata.entrySet()) {
            if (entry.getKey() == null || entry.getValue() == null) {
                throw NacosException.badRequest("Param 'metadata' is illegal: the value of '"
                        + Shown.bounded(entry.getKey()) + "' is null; give a string");
            }
            total += entry.getKey().length() + entry.getValue().length();
        }
        if (total > METADATA_MAX) {
            throw NacosException.badRequest("Param 'Metadata' is illegal, the param length should not exceed "
                    + METADATA_MAX + ".");
        }
    }
}
