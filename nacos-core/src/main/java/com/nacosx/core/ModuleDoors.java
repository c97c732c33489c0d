package com.nacosx.core;

import com.nacosx.core.http.HttpApi;
import com.nacosx.core.remote.RequestHandler;

import java.util.List;

/**
 * What one module serves: its HTTP APIs (each names its routes in {@link HttpApi#register}) and
 * its gRPC request handlers. Each module declares exactly one, in its wiring, so "who serves X"
 * is answered in one file per module; the HTTP server and the request dispatcher serve what these
 * list and nothing else.
 */
public record ModuleDoors(String module, List<HttpApi> httpApis, List<RequestHandler<?>> requestHandlers) {

    public ModuleDoors {
        httpApis = List.copyOf(httpApis);
        requestHandlers = List.copyOf(requestHandlers);
    }

    public static List<HttpApi> httpApisOf(List<ModuleDoors> modules) {
        return modules.stream().flatMap(doors -> doors.httpApis().stream()).toList();
    }

    public static List<RequestHandler<?>> requestHandlersOf(List<ModuleDoors> modules) {
        return modules.stream().<RequestHandler<?>>flatMap(doors -> doors.requestHandlers().stream()).toList();
    }
}
