package com.nacosx.bench;

/**
 * The gRPC load tool: {@code java -jar grpc-bench.jar query|connections|push --port P+1000 [--options]}.
 * It speaks the Nacos 2.x protocol, so the same runs measure our server and r-nacos.
 */
public final class GrpcBench {

    private GrpcBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: grpc-bench query|connections|push --port GRPC_PORT [--name value ...]");
            System.exit(2);
        }
        Args options = new Args(args, 1);
        switch (args[0]) {
            case "query" -> QueryLoad.run(options);
            case "connections" -> ConnectionLoad.run(options);
            case "push" -> PushLoad.run(options);
            default -> {
                System.err.println("unknown workload '" + args[0] + "': use query, connections or push");
                System.exit(2);
            }
        }
        System.exit(0);
    }
}
