package com.nacosx.core.metrics;

import com.nacosx.api.exception.NacosException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionException;

/**
 * {@code nacos_exception_total{module,name}} for requests answered with an error, under the
 * official server's names: {@code illegalArgument} (the request was wrong), {@code db} (the
 * database failed), {@code nacos} (any other refusal or failure).
 */
public final class ExceptionCounters {

    private record Key(String module, String name) {
    }

    private final MeterRegistry registry;
    private final Map<Key, Counter> counters = new ConcurrentHashMap<>();

    public ExceptionCounters(MeterRegistry registry) {
        this.registry = registry;
    }

    public void count(String module, Throwable failure) {
        counters.computeIfAbsent(new Key(module, nameOf(failure)),
                key -> NacosMeters.exception(registry, key.module(), key.name())).increment();
    }

    private static String nameOf(Throwable failure) {
        if (failure instanceof IllegalArgumentException
                || failure instanceof NacosException nacos && nacos.status() == NacosException.BAD_REQUEST) {
            return "illegalArgument";
        }
        if (failure instanceof DataAccessException || failure instanceof TransactionException) {
            return "db";
        }
        return "nacos";
    }

    /** The module an HTTP path belongs to, as the official server's controllers are split. */
    public static String moduleOfPath(String path) {
        if (path.startsWith("/v1/cs/") || path.startsWith("/v2/cs/")) {
            return NacosMeters.CONFIG;
        }
        if (path.startsWith("/v1/ns/") || path.startsWith("/v2/ns/")) {
            return NacosMeters.NAMING;
        }
        return NacosMeters.CORE;
    }

    /** The module of a gRPC request's {@code module} field ({@code internal} is core's). */
    public static String moduleOfRequest(String requestModule) {
        return NacosMeters.CONFIG.equals(requestModule) || NacosMeters.NAMING.equals(requestModule)
                ? requestModule : NacosMeters.CORE;
    }
}
