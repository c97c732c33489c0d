package com.nacosx.core.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.auth.AuthGate;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * Auth on HTTP: the route's {@link com.nacosx.core.auth.Access}, the token from the request
 * ({@link HttpAccess#tokenOf}), the server identity from its header. 401 when the caller is not
 * signed in (no token, a bad or expired one), 403 when it lacks the permission.
 */
@Component
public class AuthRouteFilter implements RouteFilter, Ordered {

    private final AuthGate gate;

    public AuthRouteFilter(AuthGate gate) {
        this.gate = gate;
    }

    @Override
    public int getOrder() {
        return 0;
    }

    @Override
    public NacosException refuse(HttpRoutes.Route route, HttpExchange exchange) {
        if (!gate.enabled() || exchange.isPassedOn()) {
            return null;
        }
        AuthGate.Refusal refusal = gate.check(route.access(), exchange, HttpAccess.tokenOf(exchange),
                exchange.header(gate.identityKey()), null);
        if (refusal == null) {
            return null;
        }
        return new NacosException(refusal.signedIn() ? NacosException.FORBIDDEN : NacosException.UNAUTHORIZED,
                ErrorCode.ACCESS_DENIED, refusal.message());
    }
}
