package com.nacosx.core.http;

/** Serves one route: reads the exchange's parameters, calls a service, answers through the exchange. */
@FunctionalInterface
public interface HttpHandler {

    void handle(HttpExchange exchange) throws Exception;
}
