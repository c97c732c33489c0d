package com.nacosx.core.http;

import com.nacosx.core.readiness.ServerReadiness;
import org.springframework.stereotype.Component;

/** Liveness and readiness probes at the paths the official console serves. */
@Component
public class HealthApi implements HttpApi {

    private final ServerReadiness readiness;

    public HealthApi(ServerReadiness readiness) {
        this.readiness = readiness;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get("/v1/console/health/liveness").inline(exchange -> exchange.respondText(200, "OK"));
        routes.get("/v1/console/health/readiness").inline(exchange -> {
            if (readiness.isReady()) {
                exchange.respondText(200, "OK");
            } else {
                exchange.respondText(503, "server is starting, not ready yet: waiting for " + readiness.closedGates());
            }
        });
    }
}
