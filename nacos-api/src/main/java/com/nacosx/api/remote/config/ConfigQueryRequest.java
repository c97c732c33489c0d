package com.nacosx.api.remote.config;

/** Reads a config. */
public class ConfigQueryRequest extends AbstractConfigRequest {

    /** Asks for the variant of this tag; null for the formal content (or the beta, for a beta IP). */
    public String tag;
}
