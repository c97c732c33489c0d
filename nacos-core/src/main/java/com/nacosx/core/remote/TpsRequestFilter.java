package com.nacosx.core.remote;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.core.control.TpsControl;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * The control plugin's TPS limits on gRPC, after auth: a request over its point's limit is
 * answered with error code 503, as the official server answers it.
 */
@Component
public class TpsRequestFilter implements RequestFilter, Ordered {

    private static final int OVER_THRESHOLD = 503;

    private final TpsControl tps;

    public TpsRequestFilter(TpsControl tps) {
        this.tps = tps;
    }

    @Override
    public int getOrder() {
        return 1;
    }

    @Override
    public Response filter(Request request, RequestMeta meta, RequestHandler<?> handler) {
        String refusal = tps.check(handler.tpsPoint(), meta.remoteIp());
        return refusal == null ? null : handler.failure().fail(OVER_THRESHOLD, "Tps Flow restricted:" + refusal);
    }
}
