package com.nacosx.config.fuzzy;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigFuzzyWatchRequest;
import com.nacosx.api.remote.config.ConfigFuzzyWatchResponse;
import com.nacosx.core.auth.Resource;
import com.nacosx.core.fuzzy.FuzzyWatchHandler;
import org.springframework.stereotype.Component;

/** {@code ConfigFuzzyWatchRequest}: a 3.x client watches configs by pattern, or stops. */
@Component
public class ConfigFuzzyWatchHandler extends FuzzyWatchHandler<ConfigFuzzyWatchRequest> {

    public ConfigFuzzyWatchHandler(ConfigFuzzyWatch watches) {
        super(watches.watching(), Resource.CONFIG, ConfigFuzzyWatch.MATCH_LIMIT_PROPERTY);
    }

    @Override
    public Class<ConfigFuzzyWatchRequest> requestType() {
        return ConfigFuzzyWatchRequest.class;
    }

    @Override
    public String tpsPoint() {
        return "ConfigFuzzyWatch";
    }

    @Override
    protected Response newResponse() {
        return new ConfigFuzzyWatchResponse();
    }
}
