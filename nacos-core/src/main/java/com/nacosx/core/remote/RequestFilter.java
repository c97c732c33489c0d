package com.nacosx.core.remote;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;

/**
 * Looks at every gRPC request before its handler (auth, rate limits). Filters run in their
 * {@link org.springframework.core.Ordered} order; the first that answers stops the request.
 */
public interface RequestFilter {

    /** @return an answer that refuses the request, or null to let it through */
    Response filter(Request request, RequestMeta meta, RequestHandler<?> handler);
}
