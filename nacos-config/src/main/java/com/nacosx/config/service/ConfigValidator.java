package com.nacosx.config.service;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.ConfigProperties;
import org.springframework.stereotype.Component;

/**
 * The rules a config key and content must follow. Ids take letters, digits and {@code -_.:}
 * (as the official server); lengths are those of the Nacos schema's columns, so nothing valid
 * here can fail in the database.
 */
@Component
public class ConfigValidator {

    static final int DATA_ID_MAX = 255;
    static final int GROUP_MAX = 128;
    static final int TENANT_MAX = 128;
    static final int TAG_MAX = 16;

    private final int maxContent;

    public ConfigValidator(ConfigProperties properties) {
        this.maxContent = properties.maxContent();
    }

    public void checkKey(String dataId, String group, String tenant) {
        checkId("dataId", dataId, DATA_ID_MAX);
        checkId("group", group, GROUP_MAX);
        checkTenant(tenant);
    }

    public void checkTenant(String tenant) {
        if (tenant != null && !tenant.isEmpty()) {
            if (tenant.length() > TENANT_MAX || !tenant.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == '-')) {
                throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.TENANT_PARAM_ERROR, "invalid tenant : "
                        + tenant + " (a namespace id has at most " + TENANT_MAX + " letters, digits, '_' or '-')");
            }
        }
    }

    public void checkTag(String tag) {
        if (tag != null && !tag.isBlank()) {
            if (!isValidId(tag.trim()) || tag.length() > TAG_MAX) {
                throw NacosException.badRequest("invalid tag : " + tag + " (at most " + TAG_MAX
                        + " letters, digits or -_.:)");
            }
        }
    }

    public void checkContent(String content) {
        if (content == null || content.isBlank()) {
            throw NacosException.badRequest("content is blank : give the config content in the 'content' parameter");
        }
        if (content.length() > maxContent) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.OVER_MAX_SIZE, "invalid content, over "
                    + maxContent + " characters (nacos.config.max-content)");
        }
    }

    private static void checkId(String name, String value, int max) {
        if (value == null || value.isBlank() || !isValidId(value.trim()) || value.length() > max) {
            throw NacosException.badRequest("invalid " + name + " : " + value + " (" + name + " must be 1 to " + max
                    + " letters, digits or -_.:)");
        }
    }

    static boolean isValidId(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '_' && c != '-' && c != '.' && c != ':') {
                return false;
            }
        }
        return true;
    }
}
