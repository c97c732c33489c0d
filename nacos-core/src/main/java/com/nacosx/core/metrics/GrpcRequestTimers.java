package com.nacosx.core.metrics;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code grpc_server_requests{requestClass,success,errorCode,throwableClass,module}}, the official
 * server's timer of served gRPC requests, here with latency buckets; a handler's failure also
 * counts in {@code nacos_exception_total}. The timer of a request type's
 * successes is looked up once; a failure builds its tags, as failures are rare.
 */
public final class GrpcRequestTimers {

    public static final String NAME = "grpc_server_requests";

    private final MeterRegistry registry;
    private final ExceptionCounters exceptions;
    private final Map<Class<?>, Timer> successes = new ConcurrentHashMap<>();

    public GrpcRequestTimers(MeterRegistry registry, ExceptionCounters exceptions) {
        this.registry = registry;
        this.exceptions = exceptions;
    }

    /** @param failure what the handler threw, or null when it answered */
    public void record(Request request, Response answer, Throwable failure, long startNanos) {
        long nanos = System.nanoTime() - startNanos;
        if (failure == null && answer.isSuccess()) {
            successes.computeIfAbsent(request.getClass(), type -> timer(request, true, 0, "None"))
                    .record(nanos, TimeUnit.NANOSECONDS);
        } else {
            String thrown = failure == null ? "None" : failure.getClass().getSimpleName();
            timer(request, false, answer.errorCode, thrown).record(nanos, TimeUnit.NANOSECONDS);
            if (failure != null) {
                exceptions.count(ExceptionCounters.moduleOfRequest(request.getModule()), failure);
            }
        }
    }

    private Timer timer(Request request, boolean success, int errorCode, String throwableClass) {
        return Timer.builder(NAME)
                .tag("requestClass", request.getClass().getSimpleName())
                .tag("success", String.valueOf(success))
                .tag("errorCode", String.valueOf(errorCode))
                .tag("throwableClass", throwableClass)
                .tag("module", request.getModule() == null ? "unknown" : request.getModule())
                .register(registry);
    }
}
