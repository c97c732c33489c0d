package com.nacosx.core.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code http_server_requests{method,uri,status,outcome}}: the timer Spring Boot gives the
 * official server's HTTP API (uri is the route's path below the context path), with latency
 * buckets. Each method, route and status finds its timer in one map lookup.
 */
public final class HttpRequestTimers {

    public static final String NAME = "http_server_requests";

    /**
     * equals and hashCode written out: a record's own go through method handles, slow until the
     * JIT has compiled them, which takes minutes on a loaded node, and every answer looks one up.
     */
    private record Key(String method, String uri, int status) {

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && status == key.status && uri.equals(key.uri) && method.equals(key.method);
        }

        @Override
        public int hashCode() {
            return (method.hashCode() * 31 + uri.hashCode()) * 31 + status;
        }
    }

    private final MeterRegistry registry;
    private final Map<Key, Timer> timers = new ConcurrentHashMap<>();

    public HttpRequestTimers(MeterRegistry registry) {
        this.registry = registry;
    }

    public void record(String method, String uri, int status, long startNanos) {
        timers.computeIfAbsent(new Key(method, uri, status), this::timer)
                .record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }

    private Timer timer(Key key) {
        return Timer.builder(NAME)
                .tag("method", key.method())
                .tag("uri", key.uri())
                .tag("status", String.valueOf(key.status()))
                .tag("outcome", outcome(key.status()))
                .register(registry);
    }

    private static String outcome(int status) {
        return switch (status / 100) {
            case 1 -> "INFORMATIONAL";
            case 2 -> "SUCCESS";
            case 3 -> "REDIRECTION";
            case 4 -> "CLIENT_ERROR";
            default -> "SERVER_ERROR";
        };
    }
}
