package com.nacosx.bench;

import com.nacosx.api.remote.config.ConfigQueryRequest;
import com.nacosx.testsupport.NacosGrpcClient;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Config query QPS: {@code --connections} clients each keep {@code --inflight} ConfigQueryRequests
 * of random configs among {@code --configs} in flight for {@code --seconds}, after a warm-up.
 */
final class QueryLoad {

    static void run(Args args) {
        int connections = args.number("connections", 8);
        int inflight = args.number("inflight", 64);
        int configs = args.number("configs", 200);
        int size = args.number("size", 1024);
        try (Clients clients = new Clients(args)) {
            List<NacosGrpcClient> ready = clients.open(connections, List.of(args.host()), i -> push -> { });
            Clients.seed(ready.get(0), configs, size);
            new RequestLoad(ready, inflight, index -> {
                ConfigQueryRequest query = new ConfigQueryRequest();
                query.dataId = Clients.dataId(ThreadLocalRandom.current().nextInt(configs));
                query.group = Clients.GROUP;
                query.tenant = "";
                return query;
            }).warmUpAndMeasure(args, String.format("config query over gRPC: %d connections x %d in flight, %d configs"
                    + " of %d B, %d s", connections, inflight, configs, size, args.number("seconds", 20)),
                    args.number("warmup", 10), args.number("seconds", 20));
        }
    }
}
