package com.nacosx.core.http;

import com.nacosx.core.metrics.ExceptionCounters;
import com.nacosx.core.metrics.HttpRequestTimers;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * What is kept of each answered request: its time in {@code http_server_requests}, the failure it
 * was answered for in {@code nacos_exception_total}, and, when
 * {@code server.tomcat.accesslog.enabled=true}, a line in {@link HttpAccessLog}.
 */
final class HttpRequestLog implements HttpExchange.AnswerObserver, AutoCloseable {

    private final HttpRequestTimers timers;
    private final ExceptionCounters exceptions;
    private final HttpAccessLog accessLog;

    HttpRequestLog(MeterRegistry registry, ExceptionCounters exceptions, boolean accessLog) {
        this.timers = new HttpRequestTimers(registry);
        this.exceptions = exceptions;
        this.accessLog = accessLog ? new HttpAccessLog(registry) : null;
    }

    @Override
    public void answered(HttpExchange exchange, int status, int bodyBytes) {
        timers.record(exchange.method(), exchange.route(), status, exchange.receivedNanos());
        Throwable failure = exchange.failure();
        if (failure != null && exchange.path() != null) {
            exceptions.count(ExceptionCounters.moduleOfPath(exchange.path()), failure);
        }
        if (accessLog != null) {
            accessLog.add(exchange, status, bodyBytes);
        }
    }

    @Override
    public void close() {
        if (accessLog != null) {
            accessLog.close();
        }
    }
}
