package com.nacosx.testsupport;

import com.nacosx.api.remote.config.ConfigPublishRequest;
import com.nacosx.api.remote.config.ConfigQueryRequest;

/** 2.x config requests as the official client builds them, in the default namespace, for tests that speak raw gRPC. */
public final class ConfigRequests {

    private ConfigRequests() {
    }

    public static ConfigPublishRequest publish(String dataId, String group, String content) {
        ConfigPublishRequest request = new ConfigPublishRequest();
        request.dataId = dataId;
        request.group = group;
        request.tenant = "";
        request.content = content;
        return request;
    }

    public static ConfigQueryRequest query(String dataId, String group) {
        ConfigQueryRequest request = new ConfigQueryRequest();
        request.dataId = dataId;
        request.group = group;
        request.tenant = "";
        return request;
    }
}
