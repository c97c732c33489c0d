package com.nacosx.bench;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigFuzzyWatchRequest;
import com.nacosx.testsupport.NacosGrpcClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Config publish QPS over gRPC: {@code --connections} clients each keep {@code --inflight}
 * ConfigPublishRequests of {@code --size} bytes to random configs among {@code --configs} in
 * flight for {@code --seconds}, after a warm-up. A 2.x application holds one connection and
 * publishes from many threads: {@code --connections 1 --inflight 64} is that shape.
 *
 * <p>With {@code --fuzzy-patterns N}, N 3.x fuzzy-watch patterns are watched first, 20 per
 * connection (the official limit per client), all in the publishes' namespace and group, as
 * {@code watch-<i>-*} ({@code --fuzzy-form prefix}, the default), {@code *-watch-<i>}
 * ({@code suffix}) or {@code *-watch-<i>-*} ({@code contains}, the form the server's index cannot
 * narrow and walks): none matches a published config, so what is measured is what every publish
 * pays to find its watchers among them.
 */
final class PublishLoad {

    private static final int PATTERNS_PER_CONNECTION = 20;

    static void run(Args args) {
        // Every publish changes the content: the last 8 characters are random.
        String filler = "p".repeat(args.number("size", 1024) - 8);
        int patterns = args.number("fuzzy-patterns", 0);
        String form = args.text("fuzzy-form", "prefix");
        try (Clients watchers = new Clients(args)) {
            if (patterns > 0) {
                watch(watchers, patterns, form);
            }
            measure(args, filler);
        }
    }

    private static void watch(Clients watchers, int patterns, String form) {
        int connections = (patterns + PATTERNS_PER_CONNECTION - 1) / PATTERNS_PER_CONNECTION;
        List<NacosGrpcClient> clients = watchers.open(connections, List.of("127.0.0.1"), i -> push -> { });
        List<CompletableFuture<Response>> answers = new ArrayList<>();
        for (int i = 0; i < patterns; i++) {
            ConfigFuzzyWatchRequest watch = new ConfigFuzzyWatchRequest();
            watch.groupKeyPattern = "public>>" + Clients.GROUP + ">>" + namePattern(form, i);
            watch.watchType = "WATCH";
            watch.initializing = true;
            answers.add(clients.get(i / PATTERNS_PER_CONNECTION % clients.size()).request(watch));
        }
        long refused = answers.stream().map(CompletableFuture::join).filter(answer -> !answer.isSuccess()).count();
        System.out.printf("%d fuzzy-watch patterns (%s) on %d connections (%d refused)%n", patterns,
                namePattern(form, "N"), clients.size(), refused);
    }

    private static String namePattern(String form, Object index) {
        return switch (form) {
            case "prefix" -> "watch-" + index + "-*";
            case "suffix" -> "*-watch-" + index;
            case "contains" -> "*-watch-" + index + "-*";
            default -> throw new IllegalArgumentException("--fuzzy-form is prefix, suffix or contains, not " + form);
        };
    }

    private static void measure(Args args, String filler) {
        RequestLoad.measureConfigRequests(args, "config publish", 8, 1000, (first, shape) -> { }, shape -> {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            return Clients.publish(Clients.dataId(random.nextInt(shape.configs())),
                    filler + String.format("%08x", random.nextInt()));
        });
    }
}
