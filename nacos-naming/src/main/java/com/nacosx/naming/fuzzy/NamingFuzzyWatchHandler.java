package com.nacosx.naming.fuzzy;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.naming.NamingFuzzyWatchRequest;
import com.nacosx.api.remote.naming.NamingFuzzyWatchResponse;
import com.nacosx.core.auth.Resource;
import com.nacosx.core.fuzzy.FuzzyWatchHandler;
import org.springframework.stereotype.Component;

/** {@code NamingFuzzyWatchRequest}: a 3.x client watches services by pattern, or stops. */
@Component
public class NamingFuzzyWatchHandler extends FuzzyWatchHandler<NamingFuzzyWatchRequest> {

    public NamingFuzzyWatchHandler(NamingFuzzyWatch watches) {
        super(watches.watching(), Resource.NAMING, NamingFuzzyWatch.MATCH_LIMIT_PROPERTY);
    }

    @Override
    public Class<NamingFuzzyWatchRequest> requestType() {
        return NamingFuzzyWatchRequest.class;
    }

    @Override
    public String tpsPoint() {
        return "NamingFuzzyWatch";
    }

    @Override
    protected Response newResponse() {
        return new NamingFuzzyWatchResponse();
    }
}
