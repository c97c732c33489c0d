package com.nacosx.core.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.core.auth.Access;
import com.nacosx.core.readiness.ServerReadiness;
import org.springframework.stereotype.Component;

/**
 * Liveness and readiness probes at the paths the official console serves: {@code /v1/console/health/*}
 * answers text (503 while starting), {@code /v2/console/health/*} the v2 envelope, always with
 * status 200 as the official's does (code 30000 and the reason while starting).
 */
@Component
public class HealthApi implements HttpApi {

    private final ServerReadiness readiness;

    public HealthApi(ServerReadiness readiness) {
        this.readiness = readiness;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get("/v1/console/health/liveness").access(Access.open()).inline(exchange -> exchange.respondText(200, "OK"));
        routes.get("/v1/console/health/readiness").access(Access.open()).inline(exchange -> {
            if (readiness.isReady()) {
                exchange.respondText(200, "OK");
            } else {
                exchange.respondText(503, notReady());
            }
        });
        for (String base : new String[] {"/v2/console/health", "/v3/admin/core/state"}) {
            routes.get(base + "/liveness").access(Access.open())
                    .inline(exchange -> exchange.respondJson(ApiResult.success("ok")));
            routes.get(base + "/readiness").access(Access.open()).inline(exchange -> exchange.respondJson(
                    readiness.isReady() ? ApiResult.success("ok")
                            : new ApiResult<>(ErrorCode.SERVER_ERROR.code(), notReady(), null)));
        }
    }

    private String notReady() {
        return readiness.isStopping() ? "server is stopping"
                : "server is starting, not ready yet: waiting for " + readiness.closedGates();
    }
}
