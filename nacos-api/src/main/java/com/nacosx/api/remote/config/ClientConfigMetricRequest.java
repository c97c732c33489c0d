package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.ServerRequest;
import java.util.ArrayList;
import java.util.List;

/** Pushed to ask a client what it holds for some configs (its cache and snapshot md5s). */
public class ClientConfigMetricRequest extends ServerRequest {

    public List<MetricsKey> metricsKeys = new ArrayList<>();

    /** Which metric: type {@code cacheData} or {@code snapshotData}, key the config's group key. */
    public static class MetricsKey {
        public String type;
        public String key;
    }

    @Override
    public String getModule() {
        return Modules.CONFIG;
    }
}
