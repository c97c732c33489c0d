package com.nacosx.core.http;

import com.nacosx.api.exception.NacosException;

/**
 * Looks at every HTTP request once its route is known and before its handler runs (auth, rate
 * limits), on the event loop: it must not block. Filters run in their
 * {@link org.springframework.core.Ordered} order; the first refusal is the answer. Requests a
 * peer passed on were filtered on the node the client called.
 */
public interface RouteFilter {

    /** @return why the request is refused, or null to let it through */
    NacosException refuse(HttpRoutes.Route route, HttpExchange exchange);
}
