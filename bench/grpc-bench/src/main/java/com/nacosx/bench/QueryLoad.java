package com.nacosx.bench;

import com.nacosx.api.remote.config.ConfigQueryRequest;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Config query QPS: {@code --connections} clients each keep {@code --inflight} ConfigQueryRequests
 * of random configs among {@code --configs} in flight for {@code --seconds}, after a warm-up.
 */
final class QueryLoad {

    static void run(Args args) {
        RequestLoad.measureConfigRequests(args, "config query", 64, 200,
                (first, shape) -> Clients.seed(first, shape.configs(), shape.size()), shape -> {
                    ConfigQueryRequest query = new ConfigQueryRequest();
                    query.dataId = Clients.dataId(ThreadLocalRandom.current().nextInt(shape.configs()));
                    query.group = Clients.GROUP;
                    query.tenant = "";
                    return query;
                });
    }
}
