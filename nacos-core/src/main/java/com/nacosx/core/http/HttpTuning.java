package com.nacosx.core.http;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Threads and limits of the HTTP door, from {@code nacos.http.*}.
 *
 * @param ioThreads     event-loop threads; they parse requests and serve in-memory reads (default: cores)
 * @param workerThreads threads for requests that touch the database (default: 8 per core, at least 16)
 * @param maxBody       largest request body, so that 10 MB config contents fit encoded (default 32MB)
 */
@ConfigurationProperties(prefix = "nacos.http")
public record HttpTuning(Integer ioThreads, Integer workerThreads, DataSize maxBody) {

    public HttpTuning {
        int cores = Runtime.getRuntime().availableProcessors();
        ioThreads = ioThreads == null ? cores : ioThreads;
        workerThreads = workerThreads == null ? Math.max(16, cores * 8) : workerThreads;
        maxBody = maxBody == null ? DataSize.ofMegabytes(32) : maxBody;
    }
}
