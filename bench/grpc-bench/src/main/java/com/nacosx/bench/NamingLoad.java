package com.nacosx.bench;

import com.nacosx.api.naming.Instance;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.naming.InstanceRequest;
import com.nacosx.api.remote.naming.ServiceQueryRequest;
import com.nacosx.testsupport.NacosGrpcClient;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The service registry over gRPC, as 2.x SDKs use it:
 * <ul>
 * <li>{@code naming-register}: InstanceRequest registrations of each connection's instance into
 *     random services among {@code --services} (a later one replaces the connection's earlier
 *     one, as for the SDK);</li>
 * <li>{@code naming-query}: ServiceQueryRequest of random services among {@code --services}, each
 *     holding {@code --instances} instances;</li>
 * <li>{@code naming-hold}: {@code --connections} clients each register one instance in each of
 *     {@code --services} services ({@code --service-prefix}, default bench-svc-, and a number) and
 *     hold them {@code --hold} seconds (memory per instance).</li>
 * </ul>
 */
final class NamingLoad {

    private static final String SERVICE_PREFIX = "bench-svc-";

    static final String GROUP = "DEFAULT_GROUP";

    static void registerRate(Args args) {
        int connections = args.number("connections", 8);
        int inflight = args.number("inflight", 64);
        int services = args.number("services", 1000);
        try (Clients clients = new Clients(args, "naming")) {
            List<NacosGrpcClient> ready = clients.open(connections, List.of(args.host()), i -> push -> { });
            new RequestLoad(ready, inflight, index -> register(serviceName(ThreadLocalRandom.current().nextInt(services)),
                    "10.0." + (index / 250) + "." + (index % 250), 8080, Map.of()))
                    .warmUpAndMeasure(args, String.format("instance register over gRPC: %d connections x %d in flight,"
                            + " %d services", connections, inflight, services), args.number("warmup", 10),
                            args.number("seconds", 20));
        }
    }

    static void queryRate(Args args) {
        int connections = args.number("connections", 8);
        int inflight = args.number("inflight", 64);
        int services = args.number("services", 1000);
        int instances = args.number("instances", 5);
        try (Clients clients = new Clients(args, "naming")) {
            registerEverywhere(clients.open(instances, List.of(args.host()), i -> push -> { }), services,
                    SERVICE_PREFIX);
            List<NacosGrpcClient> ready = clients.open(connections, List.of(args.host()), i -> push -> { });
            new RequestLoad(ready, inflight, index -> {
                ServiceQueryRequest query = new ServiceQueryRequest();
                query.namespace = "public";
                query.groupName = GROUP;
                query.serviceName = serviceName(ThreadLocalRandom.current().nextInt(services));
                query.cluster = "";
                return query;
            }).warmUpAndMeasure(args, String.format("service query over gRPC: %d connections x %d in flight,"
                    + " %d services x %d instances", connections, inflight, services, instances),
                    args.number("warmup", 10), args.number("seconds", 20));
        }
    }

    static void hold(Args args) throws InterruptedException {
        int connections = args.number("connections", 100);
        int services = args.number("services", 1000);
        int hold = args.number("hold", 60);
        ProcessSampler server = args.server();
        try (Clients clients = new Clients(args, "naming")) {
            List<NacosGrpcClient> ready = clients.open(connections, args.list("sources", "127.0.0.1"), i -> push -> { });
            long start = System.nanoTime();
            registerEverywhere(ready, services, args.text("service-prefix", SERVICE_PREFIX));
            System.out.printf("registered %d instances (%d connections x %d services) in %.1f s; server RSS %d MB%n",
                    (long) ready.size() * services, ready.size(), services, (System.nanoTime() - start) / 1e9,
                    server.rssMegabytes());
            System.out.println("holding " + hold + " s");
            Thread.sleep(hold * 1000L);
            System.out.printf("after holding: server RSS %d MB%n", server.rssMegabytes());
        }
    }

    /** Each client registers one instance (its own address) in every service; returns when all are acked. */
    static void registerEverywhere(List<NacosGrpcClient> clients, int services, String prefix) {
        List<CompletableFuture<Response>> pending = new ArrayList<>();
        for (int index = 0; index < clients.size(); index++) {
            String ip = "10.1." + (index / 250) + "." + (index % 250);
            for (int service = 0; service < services; service++) {
                pending.add(clients.get(index).request(register(prefix + service, ip, 8080, Map.of())));
                if (pending.size() == 512) {
                    awaitAll(pending);
                }
            }
        }
        awaitAll(pending);
    }

    private static void awaitAll(List<CompletableFuture<Response>> pending) {
        for (CompletableFuture<Response> answer : pending) {
            Response response = answer.join();
            if (!response.isSuccess()) {
                throw new IllegalStateException("the server refused a registration: " + response.errorCode + " "
                        + response.message);
            }
        }
        pending.clear();
    }

    static String serviceName(int index) {
        return SERVICE_PREFIX + index;
    }

    static Request register(String service, String ip, int port, Map<String, String> metadata) {
        InstanceRequest request = new InstanceRequest();
        request.namespace = "public";
        request.groupName = GROUP;
        request.serviceName = service;
        request.type = InstanceRequest.REGISTER;
        request.instance = new Instance();
        request.instance.ip = ip;
        request.instance.port = port;
        request.instance.clusterName = "DEFAULT";
        request.instance.metadata = metadata;
        return request;
    }

    private NamingLoad() {
    }
}
