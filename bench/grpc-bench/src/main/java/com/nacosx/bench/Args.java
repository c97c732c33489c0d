package com.nacosx.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** {@code --name value} options with defaults; an unknown option stops the run with a usage line. */
final class Args {

    private final Map<String, String> values = new HashMap<>();

    Args(String[] args, int from) {
        for (int i = from; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --name value pairs, got '" + args[i] + "'");
            }
            values.put(args[i].substring(2), args[i + 1]);
        }
    }

    String text(String name, String defaultValue) {
        return values.getOrDefault(name, defaultValue);
    }

    int number(String name, int defaultValue) {
        return Integer.parseInt(values.getOrDefault(name, Integer.toString(defaultValue)));
    }

    /** Comma-separated source addresses, e.g. {@code 127.0.0.1,127.0.0.2}. */
    List<String> list(String name, String defaultValue) {
        return List.of(values.getOrDefault(name, defaultValue).split(","));
    }

    /**
     * Samples the server named by {@code --server-pid}, whose CPU and RSS each workload reports; a
     * comma-separated list (a cluster's nodes) is summed.
     */
    ProcessSampler server() {
        return new ProcessSampler(list("server-pid", "0").stream().mapToLong(Long::parseLong).toArray());
    }

    /**
     * The gRPC ports connections of one kind spread over, round-robin: {@code --NAME P1,P2,P3} (a
     * cluster's nodes, as the SDK spreads its applications), by default {@code --port}'s alone.
     */
    List<Integer> ports(String name) {
        return list(name, Integer.toString(grpcPort())).stream().map(Integer::parseInt).toList();
    }

    String host() {
        return text("host", "127.0.0.1");
    }

    int grpcPort() {
        return number("port", 9848);
    }
}
