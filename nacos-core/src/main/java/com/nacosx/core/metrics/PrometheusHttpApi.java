package com.nacosx.core.metrics;

import com.nacosx.core.auth.Access;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpRoutes;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import org.springframework.stereotype.Component;

/**
 * {@code GET /nacos/actuator/prometheus}, where the official server (through Spring Boot
 * Actuator) is scraped. A scrape reads every gauge, some of which count the registry or the
 * connections, so it runs on a worker.
 */
@Component
public class PrometheusHttpApi implements HttpApi {

    private static final String TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry registry;

    public PrometheusHttpApi(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get("/actuator/prometheus").access(Access.open()).blocking(exchange -> exchange.respond(HttpResponseStatus.OK, TEXT_FORMAT,
                registry.scrape().getBytes(StandardCharsets.UTF_8), null));
    }
}
