package com.nacosx.core.remote;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.core.auth.AuthGate;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * Auth on gRPC: the token is the {@code accessToken} request header the 2.x SDK sets on every
 * request, peers show the server identity header. Requests only peers send need the identity
 * itself; no user token opens them. Every refusal carries error code 403: it is the code on which
 * the official SDK logs in again (after a token expired, or the server's key changed).
 */
@Component
public class AuthRequestFilter implements RequestFilter, Ordered {

    private static final int NO_RIGHT = 403;

    private final AuthGate gate;

    public AuthRequestFilter(AuthGate gate) {
        this.gate = gate;
    }

    @Override
    public int getOrder() {
        return 0;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Response filter(Request request, RequestMeta meta, RequestHandler<?> handler) {
        if (!gate.enabled()) {
            return null;
        }
        String identity = request.header(gate.identityKey());
        if (handler.peersOnly()) {
            return gate.isPeer(identity) ? null : handler.failure().fail(NO_RIGHT,
                    "authorization failed! only cluster members showing the server identity may send this");
        }
        AuthGate.Refusal refusal = gate.check(((RequestHandler) handler).access(), request,
                request.header("accessToken"), identity, meta.tokenMemo());
        return refusal == null ? null : handler.failure().fail(NO_RIGHT, refusal.message());
    }
}
