package com.nacosx.naming.grpc;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.naming.AbstractNamingRequest;
import com.nacosx.core.remote.RequestFilter;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.core.upgrade.UpgradeJudgement;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * In the 1.x mode of a rolling upgrade from 1.x, naming is the 1.x clients' and the official 1.x
 * nodes': a 2.x naming request is refused with the official message and code 500, and the 2.x
 * client keeps retrying until the cluster switches.
 */
@Component
public class OneXModeFilter implements RequestFilter, Ordered {

    private final UpgradeJudgement upgrade;

    public OneXModeFilter(UpgradeJudgement upgrade) {
        this.upgrade = upgrade;
    }

    @Override
    public int getOrder() {
        return 2;
    }

    @Override
    public Response filter(Request request, RequestMeta meta, RequestHandler<?> handler) {
        if (request instanceof AbstractNamingRequest && !upgrade.isUseGrpcFeatures()) {
            return handler.failure().fail(NacosException.SERVER_ERROR, upgrade.refusalIn1xMode());
        }
        return null;
    }
}
