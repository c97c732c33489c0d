package com.nacosx.ai;

import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.auth.Resource;
import com.nacosx.core.http.HttpExchange;
import java.util.function.Function;

/**
 * What the AI registry's requests need when auth is on: the namespace's {@code ai} resource of the
 * named server or agent ({@code ns:*:ai/name}), so a role granted on the namespace reaches it.
 */
public final class AiAccess {

    public static final String AI = "ai";

    private AiAccess() {
    }

    public static Access<HttpExchange> http(Action action, String nameParam) {
        return Access.to(action, exchange -> Resource.of(exchange.param("namespaceId"), null, AI,
                exchange.param(nameParam)));
    }

    public static <R> Access<R> grpc(Action action, Function<R, String> namespace, Function<R, String> name) {
        return Access.to(action, request -> Resource.of(namespace.apply(request), null, AI, name.apply(request)));
    }
}
