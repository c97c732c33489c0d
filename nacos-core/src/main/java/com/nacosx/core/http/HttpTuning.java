package com.nacosx.core.http;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Threads and limits of the HTTP door, from {@code nacos.http.*}.
 *
 * @param ioThreads          event-loop threads; they parse requests and serve in-memory reads (default: cores)
 * @param workerThreads      threads for requests that touch the database (default: 8 per core, at least 16)
 * @param maxBody            largest request body, so that 10 MB config contents fit encoded (default 32MB)
 * @param idleTimeout        a connection with no request under way is closed after this (default 60s; 0: never)
 * @param requestReadTimeout a request's body must arrive within this of its head, else 408 (default 60s; 0: never)
 * @param warmUpRequests     requests the node sends itself before it opens its port ({@link HttpWarmUp}; default 3000; 0: none)
 */
@ConfigurationProperties(prefix = "nacos.http")
public record HttpTuning(Integer ioThreads, Integer workerThreads, DataSize maxBody, Duration idleTimeout,
                         Duration requestReadTimeout, Integer warmUpRequests) {

    public HttpTuning {
        int cores = Runtime.getRuntime().availableProcessors();
        ioThreads = ioThreads == null ? cores : ioThreads;
        workerThreads = workerThreads == null ? Math.max(16, cores * 8) : workerThreads;
        maxBody = maxBody == null ? DataSize.ofMegabytes(32) : maxBody;
        idleTimeout = idleTimeout == null ? Duration.ofSeconds(60) : idleTimeout;
        requestReadTimeout = requestReadTimeout == null ? Duration.ofSeconds(60) : requestReadTimeout;
        warmUpRequests = warmUpRequests == null ? 3000 : warmUpRequests;
    }
}
