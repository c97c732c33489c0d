package com.nacosx.api.remote.config;

import java.util.Map;

/** Publishes a config. */
public class ConfigPublishRequest extends AbstractConfigRequest {

    public String content;
    /** Publish only while the stored md5 equals this; null or empty for a plain publish. */
    public String casMd5;
    /** type, tag, appName, src_user, config_tags, desc, use, effect, schema, encryptedDataKey, betaIps. */
    public Map<String, String> additionMap;

    public String addition(String key) {
        return additionMap == null ? null : additionMap.get(key);
    }
}
