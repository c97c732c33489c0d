package com.nacosx.core.http;

import com.nacosx.core.metrics.ExceptionCounters;
import com.nacosx.core.metrics.HttpRequestTimers;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What is kept of each answered request: its time in {@code http_server_requests}, the failure it
 * was answered for in {@code nacos_exception_total}, and, unless
 * {@code server.tomcat.accesslog.enabled=false}, a line in {@code logs/access_log.log} in the
 * official server's format: client, time, request line, status, bytes, milliseconds, User-Agent
 * and Request-Source.
 */
final class HttpRequestLog implements HttpExchange.AnswerObserver {

    /** Its level is changed like any other's (logName {@code access}): OFF silences it at run time. */
    static final Logger ACCESS = LoggerFactory.getLogger("com.nacosx.access");

    private final HttpRequestTimers timers;
    private final ExceptionCounters exceptions;
    private final boolean accessLog;

    HttpRequestLog(MeterRegistry registry, boolean accessLog) {
        this.timers = new HttpRequestTimers(registry);
        this.exceptions = new ExceptionCounters(registry);
        this.accessLog = accessLog;
    }

    @Override
    public void answered(HttpExchange exchange, int status, int bodyBytes) {
        timers.record(exchange.method(), exchange.route(), status, exchange.receivedNanos());
        Throwable failure = exchange.failure();
        if (failure != null && exchange.path() != null) {
            exceptions.count(ExceptionCounters.moduleOfPath(exchange.path()), failure);
        }
        if (accessLog && ACCESS.isInfoEnabled()) {
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - exchange.receivedNanos());
            ACCESS.info("{} \"{}\" {} {} {} {} {}", exchange.clientIp(), exchange.requestLine(), status, bodyBytes,
                    millis, orDash(exchange.header("User-Agent")), orDash(exchange.header("Request-Source")));
        }
    }

    private static String orDash(String value) {
        return value == null ? "-" : value;
    }
}
