package com.nacosx.bench;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Config publish QPS over gRPC: {@code --connections} clients each keep {@code --inflight}
 * ConfigPublishRequests of {@code --size} bytes to random configs among {@code --configs} in
 * flight for {@code --seconds}, after a warm-up. A 2.x application holds one connection and
 * publishes from many threads: {@code --connections 1 --inflight 64} is that shape.
 */
final class PublishLoad {

    static void run(Args args) {
        // Every publish changes the content: the last 8 characters are random.
        String filler = "p".repeat(args.number("size", 1024) - 8);
        RequestLoad.measureConfigRequests(args, "config publish", 8, 1000, (first, shape) -> { }, shape -> {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            return Clients.publish(Clients.dataId(random.nextInt(shape.configs())),
                    filler + String.format("%08x", random.nextInt()));
        });
    }
}
