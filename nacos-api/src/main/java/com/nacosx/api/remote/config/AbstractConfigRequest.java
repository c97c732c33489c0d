package com.nacosx.api.remote.config;

import com.nacosx.api.remote.Modules;
import com.nacosx.api.remote.Request;

/** A request about one config, named by dataId, group and tenant (namespace). */
public abstract class AbstractConfigRequest extends Request {

    public String dataId;
    public String group;
    public String tenant;

    @Override
    public String getModule() {
        return Modules.CONFIG;
    }
}
