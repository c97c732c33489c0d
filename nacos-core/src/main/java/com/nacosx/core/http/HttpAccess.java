package com.nacosx.core.http;

import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.auth.Resource;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.util.AsciiString;

/**
 * The {@link Access} of config and naming routes: the resource is read from the request's
 * parameters as the official API names them (config: {@code tenant} or {@code namespaceId},
 * {@code group}, {@code dataId}; naming: {@code namespaceId}, {@code groupName},
 * {@code serviceName}, which may carry its group as {@code group@@name}).
 */
public final class HttpAccess {

    private static final String GROUPED = "@@";
    private static final AsciiString ACCESS_TOKEN_HEADER = AsciiString.cached("accessToken");

    private HttpAccess() {
    }

    public static Access<HttpExchange> config(Action action) {
        return Access.to(action, exchange -> Resource.of(exchange.firstParam("tenant", "namespaceId"),
                exchange.firstParam("group", "groupName"), Resource.CONFIG, exchange.param("dataId")));
    }

    public static Access<HttpExchange> naming(Action action) {
        return Access.to(action, HttpAccess::namingResource);
    }

    private static Resource namingResource(HttpExchange exchange) {
        String service = exchange.param("serviceName");
        String group = exchange.param("groupName");
        if (service != null && service.contains(GROUPED)) {
            int split = service.indexOf(GROUPED);
            group = group == null || group.isBlank() ? service.substring(0, split) : group;
            service = service.substring(split + GROUPED.length());
        }
        return Resource.of(exchange.param("namespaceId"), group, Resource.NAMING, service);
    }

    /** The access token: the {@code accessToken} parameter or header, or {@code Authorization: Bearer}. */
    public static String tokenOf(HttpExchange exchange) {
        String token = exchange.param("accessToken");
        if (token == null || token.isBlank()) {
            token = exchange.header(ACCESS_TOKEN_HEADER);
        }
        if (token == null || token.isBlank()) {
            String authorization = exchange.header(HttpHeaderNames.AUTHORIZATION);
            if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
                token = authorization.substring(7).trim();
            }
        }
        return token;
    }
}
