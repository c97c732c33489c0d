package com.nacosx.config.service;

import com.nacosx.config.model.ConfigKey;

/**
 * Told after this node changed a config in the store (not when it reloaded a peer's change), so
 * peers sharing the store can be told. Called on the writer's thread; must not block. A listener
 * that throws is logged and cannot fail the write, which is committed already.
 */
public interface ConfigWriteListener {

    /** @param variant the gray variant written ({@code beta}, {@code tag_<tag>}), or null for the formal content */
    void configWritten(ConfigKey key, String variant);
}
