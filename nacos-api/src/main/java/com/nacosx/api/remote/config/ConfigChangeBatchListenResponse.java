package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Response;
import java.util.ArrayList;
import java.util.List;

/** Answers {@link ConfigBatchListenRequest}. */
public class ConfigChangeBatchListenResponse extends Response {

    /** The listened configs whose md5 already differs from the client's. */
    public List<ConfigContext> changedConfigs = new ArrayList<>();

    /** A config named by its key. */
    public static class ConfigContext {
        public String group;
        public String dataId;
        public String tenant;

        public ConfigContext() {
        }

        public ConfigContext(String dataId, String group, String tenant) {
            this.dataId = dataId;
            this.group = group;
            this.tenant = tenant;
        }
    }
}
