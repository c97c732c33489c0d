package com.nacosx.core.http;

import java.util.List;

/**
 * Part of a module's HTTP surface. Each implementation lists all its routes in {@link #register},
 * and each module lists its implementations in its {@link com.nacosx.core.ModuleDoors}, so "who
 * serves this path?" is answered by reading one method.
 */
public interface HttpApi {

    void register(HttpRoutes routes);

    /**
     * GET requests (path and query, without the context path) the server sends itself before it
     * opens its port ({@link HttpWarmUp}), so that its first clients' requests meet compiled code.
     * Each must change nothing and be answered by this node alone.
     */
    default List<String> warmUpRequests() {
        return List.of();
    }
}
