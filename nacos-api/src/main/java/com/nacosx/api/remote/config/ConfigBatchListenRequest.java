package com.nacosx.api.remote.config;

import java.util.ArrayList;
import java.util.List;

/** Starts or stops listening to configs on this connection. */
public class ConfigBatchListenRequest extends AbstractConfigRequest {

    /** True to listen to the configs below, false to stop listening to them. */
    public boolean listen = true;
    public List<ConfigListenContext> configListenContexts = new ArrayList<>();

    /** One config the client listens to, with the md5 of the content it has ("" for none). */
    public static class ConfigListenContext {
        public String group;
        public String md5;
        public String dataId;
        public String tenant;
    }
}
