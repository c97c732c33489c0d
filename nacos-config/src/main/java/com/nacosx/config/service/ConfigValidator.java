package com.nacosx.config.service;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.config.ConfigProperties;
import com.nacosx.config.model.ConfigWrite;
import org.springframework.stereotype.Component;

/**
 * The rules a config key, content and details must follow. Ids take letters, digits and
 * {@code -_.:} (as the official server); the details have the official server's limits and, where
 * it has none, those of the Nacos schema's columns, so nothing valid here can fail in the
 * database. Messages name the field and the limit, and show at most the start of a long value.
 */
@Component
public class ConfigValidator {

    static final int DATA_ID_MAX = 255;
    static final int GROUP_MAX = 128;
    static final int TENANT_MAX = 128;
    static final int TAG_MAX = 16;
    static final int APP_NAME_MAX = 128;
    static final int SRC_USER_MAX = 128;
    static final int DESC_MAX = 128;
    static final int USE_EFFECT_TYPE_MAX = 32;
    static final int SCHEMA_MAX = 32768;
    static final int CONFIG_TAGS_MAX = 5;
    static final int CONFIG_TAG_MAX = 64;
    static final int BETA_IPS_MAX = 1024;
    /** {@code encrypted_data_key} of config_info; the gray (beta and tag) rows take fewer. */
    static final int ENCRYPTED_DATA_KEY_MAX = 1024;
    static final int GRAY_ENCRYPTED_DATA_KEY_MAX = 256;

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
                throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_VALIDATE_ERROR, "invalid tenant : "
                        + Shown.bounded(tenant) + " (a namespace id has at most " + TENANT_MAX
                        + " letters, digits, '_' or '-')");
            }
        }
    }

    public void checkTag(String tag) {
        if (tag != null && !tag.isBlank()) {
            if (!isValidId(tag.trim()) || tag.length() > TAG_MAX) {
                throw NacosException.badRequest("invalid tag : " + Shown.bounded(tag) + " (at most " + TAG_MAX
                        + " letters, digits or -_.:)");
            }
        }
    }

    /** The limit is in UTF-8 bytes, as it travels and as the clients' inbound limits count it. */
    public void checkContent(String content) {
        if (content == null || content.isBlank()) {
            throw NacosException.badRequest("content is blank : give the config content in the 'content' parameter");
        }
        if (content.length() > maxContent || utf8Length(content) > maxContent) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.OVER_MAX_SIZE, "invalid content, over "
                    + maxContent + " bytes in UTF-8 (nacos.config.max-content)");
        }
    }

    /** The details of a publish other than its key and content, before anything is written. */
    public void checkDetails(ConfigWrite write, PublishOptions options) {
        checkLength("appName", write.appName(), APP_NAME_MAX);
        checkLength("src_user", write.srcUser(), SRC_USER_MAX);
        checkLength("desc", write.desc(), DESC_MAX);
        checkLength("use", write.use(), USE_EFFECT_TYPE_MAX);
        checkLength("effect", write.effect(), USE_EFFECT_TYPE_MAX);
        checkLength("type", write.type(), USE_EFFECT_TYPE_MAX);
        checkLength("schema", write.schema(), SCHEMA_MAX);
        checkLength("betaIps", options.betaIps(), BETA_IPS_MAX);
        boolean gray = (options.betaIps() != null && !options.betaIps().isBlank())
                || (options.tag() != null && !options.tag().isBlank());
        String key = write.encryptedDataKey();
        checkLength("encryptedDataKey", key, gray ? GRAY_ENCRYPTED_DATA_KEY_MAX : ENCRYPTED_DATA_KEY_MAX);
        if (key != null && !isPrintable(key)) {
            // It is answered in a response header, where a line break would end the header.
            throw NacosException.badRequest("invalid encryptedDataKey : it may hold printable characters only, "
                    + "no line breaks or control characters");
        }
        if (write.tags() != null && !write.tags().isBlank()) {
            String[] tags = write.tags().split(",");
            if (tags.length > CONFIG_TAGS_MAX) {
                throw NacosException.badRequest("too much config_tags, over " + CONFIG_TAGS_MAX);
            }
            for (String tag : tags) {
                checkLength("config_tags tag", tag, CONFIG_TAG_MAX);
            }
        }
    }

    /** Official wording: {@code too long desc, over 128}. */
    private static void checkLength(String name, String value, int max) {
        if (value != null && value.length() > max) {
            throw NacosException.badRequest("too long " + name + ", over " + max);
        }
    }

    private static boolean isPrintable(String value) {
        return value.chars().noneMatch(c -> c < 0x20 || c == 0x7f);
    }

    private static long utf8Length(String value) {
        long bytes = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    private static void checkId(String name, String value, int max) {
        if (value == null || value.isBlank() || !isValidId(value.trim()) || value.length() > max) {
            throw NacosException.badRequest("invalid " + name + " : " + Shown.bounded(value) + " (" + name
                    + " must be 1 to " + max
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
