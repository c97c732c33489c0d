package com.nacosx.config.service;

import com.nacosx.config.model.ConfigKey;

/**
 * Told after a config's cached content changed (any variant: formal, beta or tag). Called on the
 * writer's thread after the cache holds the new value; implementations must not block. A listener
 * that throws is logged and cannot fail the write, which is committed already.
 */
public interface ConfigChangeListener {

    void configChanged(ConfigKey key);
}
