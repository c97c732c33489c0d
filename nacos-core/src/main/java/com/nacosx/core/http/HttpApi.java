package com.nacosx.core.http;

/**
 * Part of a module's HTTP surface. Each implementation lists all its routes in {@link #register},
 * and each module lists its implementations in its {@link com.nacosx.core.ModuleDoors}, so "who
 * serves this path?" is answered by reading one method.
 */
public interface HttpApi {

    void register(HttpRoutes routes);
}
