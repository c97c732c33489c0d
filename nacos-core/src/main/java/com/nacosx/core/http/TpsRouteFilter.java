package com.nacosx.core.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.control.TpsControl;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * The control plugin's TPS limits on HTTP, after auth: 503 for a request over its route's point
 * limit, as the official server answers it.
 */
@Component
public class TpsRouteFilter implements RouteFilter, Ordered {

    private final TpsControl tps;

    public TpsRouteFilter(TpsControl tps) {
        this.tps = tps;
    }

    @Override
    public int getOrder() {
        return 1;
    }

    @Override
    public NacosException refuse(HttpRoutes.Route route, HttpExchange exchange) {
        if (exchange.isPassedOn()) {
            return null;
        }
        String refusal = tps.check(route.tpsPoint(), exchange.remoteIp());
        return refusal == null ? null : new NacosException(NacosException.SERVICE_UNAVAILABLE, ErrorCode.SERVER_ERROR,
                "Tps Flow restricted:" + refusal);
    }
}
