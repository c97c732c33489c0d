package com.nacosx.bench;

/**
 * The gRPC load tool: {@code java -jar grpc-bench.jar WORKLOAD --port P+1000 [--options]}.
 * It speaks the Nacos 2.x protocol, so the same runs measure our server and r-nacos.
 */
public final class GrpcBench {

    private GrpcBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: grpc-bench query|publish|connections|push|naming-register|naming-query|naming-hold"
                    + "|naming-push|legacy-clients|held --port GRPC_PORT [--name value ...]");
            System.exit(2);
        }
        Args options = new Args(args, 1);
        switch (args[0]) {
            case "query" -> QueryLoad.run(options);
            case "publish" -> PublishLoad.run(options);
            case "connections" -> ConnectionLoad.run(options);
            case "push" -> PushLoad.run(options);
            case "naming-register" -> NamingLoad.registerRate(options);
            case "naming-query" -> NamingLoad.queryRate(options);
            case "naming-hold" -> NamingLoad.hold(options);
            case "naming-push" -> NamingPushLoad.run(options);
            case "legacy-clients" -> LegacyClientsLoad.run(options);
            case "held" -> HeldLoad.run(options);
            default -> {
                System.err.println("unknown workload '" + args[0] + "': use query, publish, connections, push, naming-register,"
                        + " naming-query, naming-hold, naming-push, legacy-clients or held");
                System.exit(2);
            }
        }
        System.exit(0);
    }
}
