package com.nacosx.api.remote.naming;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.fuzzy.FuzzyWatchRequest;

/** Watches services by a {@code namespace>>group>>service} pattern; keys are {@code namespace@@group@@service}. */
public class NamingFuzzyWatchRequest extends FuzzyWatchRequest {

    public String namespace;

    @Override
    public String getModule() {
        return Modules.NAMING;
    }
}
