package com.nacosx.bench;

import com.nacosx.testsupport.NacosGrpcClient;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The 1.x-to-2.x report's cluster at rest: {@code --instances} ephemeral instances registered by
 * {@code --naming-connections} connections (each its own address, one instance in each of
 * instances / connections services named {@code --service-prefix}, default held-, and a number)
 * and {@code --listeners} config listeners on {@code --config-connections} connections (each
 * listening to listeners / connections of the {@code --configs} configs of 256 bytes it publishes
 * first), all spread round-robin over {@code --ports} (a cluster's nodes, as the SDK spreads
 * applications), every connection checking its health every {@code --health-interval} seconds as
 * the SDK does.
 * Once all are up and {@code --settle} seconds have passed, the servers' CPU ({@code --server-pid},
 * a list for a cluster, summed) over {@code --steady} seconds and their RSS, in the line
 * {@code held: ... CPU X% ... RSS Y MB ...} that the cluster harness reads. With {@code --linger}
 * seconds it then keeps everything held (and health-checked) that long, or until killed: the
 * harness restarts a node under it.
 */
final class HeldLoad {

    private HeldLoad() {
    }

    static void run(Args args) throws InterruptedException {
        int namingConnections = args.number("naming-connections", 1400);
        int instances = args.number("instances", 14_000);
        int configConnections = args.number("config-connections", 100);
        int listeners = args.number("listeners", 20_000);
        int interval = args.number("health-interval", 5);
        List<Integer> ports = args.ports("ports");
        List<String> sources = args.list("sources", "127.0.0.1,127.0.0.2,127.0.0.3,127.0.0.4");
        ProcessSampler servers = args.server();
        int services = Math.max(1, instances / namingConnections);
        int listen = Math.max(1, listeners / configConnections);
        try (Clients naming = new Clients(args, "naming"); Clients config = new Clients(args)) {
            long start = System.nanoTime();
            NacosGrpcClient seeder = config.open(1, sources, ports, i -> push -> { }).get(0);
            Clients.seed(seeder, Math.max(listen, args.number("configs", listen)), 256);
            List<NacosGrpcClient> registering = naming.open(namingConnections, sources, ports, i -> push -> { });
            NamingLoad.registerEverywhere(registering, services, args.text("service-prefix", "held-"));
            List<NacosGrpcClient> listening = config.open(configConnections, sources, ports, i -> push -> { });
            long listenFailures = ConnectionLoad.listenOnEach(listening, listen);
            System.out.printf("%d instances on %d connections and %d listeners on %d connections over ports %s, up in "
                    + "%.1f s (listen failures %d)%n", (long) registering.size() * services, registering.size(),
                    (long) listening.size() * listen, listening.size(), ports, (System.nanoTime() - start) / 1e9,
                    listenFailures);
            List<NacosGrpcClient> all = new ArrayList<>(registering);
            all.addAll(listening);
            try (HealthChecks health = new HealthChecks(all, interval)) {
                TimeUnit.SECONDS.sleep(args.number("settle", 20));
                int steady = args.number("steady", 60);
                long okBefore = health.ok();
                double cpu = servers.cpuPercentDuring(() -> ConnectionLoad.sleepSeconds(steady));
                List<Long> rss = servers.rssMegabytesEach();
                System.out.printf("held: %d instances, %d listeners, %d s at rest: CPU %.1f%% of one core (all nodes), "
                        + "RSS %d MB (all nodes; each %s MB); health checks %d ok, %d failed, %s%n",
                        (long) registering.size() * services, (long) listening.size() * listen, steady, cpu,
                        rss.stream().mapToLong(Long::longValue).sum(),
                        rss.stream().map(String::valueOf).collect(Collectors.joining("/")), health.ok() - okBefore,
                        health.failed(), health.latencySummary());
                System.out.flush();
                ConnectionLoad.sleepSeconds(args.number("linger", 0));
            }
        }
    }
}
