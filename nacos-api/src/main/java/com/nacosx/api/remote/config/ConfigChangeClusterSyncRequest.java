package com.nacosx.api.remote.config;

/** Tells a peer node that a config changed in the shared store; the peer reloads it. */
public class ConfigChangeClusterSyncRequest extends AbstractConfigRequest {

    public long lastModified;
    public String grayName;
}
