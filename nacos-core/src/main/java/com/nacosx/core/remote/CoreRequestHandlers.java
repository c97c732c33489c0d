package com.nacosx.core.remote;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.core.HealthCheckRequest;
import com.nacosx.api.remote.core.HealthCheckResponse;
import com.nacosx.api.remote.core.ServerLoaderInfoRequest;
import com.nacosx.api.remote.core.ServerLoaderInfoResponse;
import com.nacosx.api.remote.core.ServerReloadRequest;
import com.nacosx.api.remote.core.ServerReloadResponse;
import com.nacosx.core.auth.Access;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.function.BiFunction;

/** The requests core answers itself: keep-alive and load. */
@Configuration(proxyBeanMethods = false)
public class CoreRequestHandlers {

    /** The dispatcher has already marked the connection active; nothing else to do. Open: it carries no data. */
    @Bean
    RequestHandler<HealthCheckRequest> healthCheckHandler() {
        return handler(HealthCheckRequest.class, Access.open(), (request, meta) -> new HealthCheckResponse());
    }

    @Bean
    RequestHandler<ServerLoaderInfoRequest> serverLoaderInfoHandler(ServerLoad load) {
        return handler(ServerLoaderInfoRequest.class, Access.admin(), (request, meta) -> {
            ServerLoaderInfoResponse response = new ServerLoaderInfoResponse();
            response.loaderMetrics.putAll(load.metrics());
            return response;
        });
    }

    @Bean
    RequestHandler<ServerReloadRequest> serverReloadHandler(ConnectionManager connections) {
        return handler(ServerReloadRequest.class, Access.admin(), (request, meta) -> {
            connections.shedDownTo(request.reloadCount, request.reloadServer);
            return new ServerReloadResponse();
        });
    }

    private static <R extends Request> RequestHandler<R> handler(Class<R> type, Access<R> access,
            BiFunction<R, RequestMeta, Response> serve) {
        return new RequestHandler<>() {
            @Override
            public Class<R> requestType() {
                return type;
            }

            @Override
            public Response handle(R request, RequestMeta meta) {
                return serve.apply(request, meta);
            }

            @Override
            public Access<R> access() {
                return access;
            }
        };
    }
}
