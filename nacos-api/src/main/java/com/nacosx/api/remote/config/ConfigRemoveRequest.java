package com.nacosx.api.remote.config;

/** Removes a config. */
public class ConfigRemoveRequest extends AbstractConfigRequest {

    /** Removes only the variant of this tag; null for the formal config. */
    public String tag;
}
