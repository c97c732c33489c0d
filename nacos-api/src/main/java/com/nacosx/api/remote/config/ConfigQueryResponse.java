package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Response;

/** Answers {@link ConfigQueryRequest}; error 300 when the config does not exist. */
public class ConfigQueryResponse extends Response {

    public String content;
    public String encryptedDataKey;
    public String contentType;
    public String md5;
    public long lastModified;
    public boolean beta;
    public String tag;
}
