package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.fuzzy.FuzzyWatchRequest;

/** Watches configs by a {@code namespace>>group>>dataId} pattern; keys are {@code dataId+group+namespace}. */
public class ConfigFuzzyWatchRequest extends FuzzyWatchRequest {

    @Override
    public String getModule() {
        return Modules.CONFIG;
    }
}
