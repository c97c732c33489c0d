package com.nacosx.core.http;

/**
 * A module's HTTP surface. Each implementation lists all its routes in {@link #register}, so
 * "who serves this path?" is answered by reading one method.
 */
public interface HttpApi {

    void register(HttpRoutes routes);
}
