package com.nacosx.core.metrics;

import com.nacosx.api.exception.NacosException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionException;

/**
 * {@code nacos_exception_total{module,name}} for requests answered with an error, under the
 * official server's names: {@code illegalArgument} (the request was wrong), {@code db} (the
 * database failed), {@code nacos} (any other refusal or failure). One for the node, shared by the
 * HTTP and gRPC doors.
 */
@Component
public class ExceptionCounters {

    private static final String ILLEGAL_ARGUMENT = "illegalArgument";
    private static final String DB = "db";
    private static final String NACOS = "nacos";

    private record Key(String module, String name) {
    }

    private final MeterRegistry registry;
    private final Map<Key, Counter> counters = new ConcurrentHashMap<>();

    /** Every module and name is registered at zero, so that rate() sees the first failure. */
    public ExceptionCounters(MeterRegistry registry) {
        this.registry = registry;
        for (String module : new String[] {NacosMeters.CORE, NacosMeters.CONFIG, NacosMeters.NAMING}) {
            for (String name : new String[] {ILLEGAL_ARGUMENT, DB, NACOS}) {
                counter(module, name);
            }
        }
    }

    private Counter counter(String module, String name) {
        return counters.computeIfAbsent(new Key(module, name),
                key -> NacosMeters.exception(registry, key.module(), key.name()));
    }

    public void count(String module, Throwable failure) {
        counter(module, nameOf(failure)).increment();
    }

    private static String nameOf(Throwable failure) {
        if (failure instanceof IllegalArgumentException
                || failure instanceof NacosException nacos && nacos.status() == NacosException.BAD_REQUEST) {
            return ILLEGAL_ARGUMENT;
        }
        if (failure instanceof DataAccessException || failure instanceof TransactionException) {
            return DB;
        }
        return NACOS;
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
