package com.nacosx.naming.health;

import com.nacosx.core.replication.CommandLog;
import com.nacosx.naming.NamingSwitches;
import com.nacosx.naming.distro.DistroMapper;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.Publication;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.store.NamingCommand;
import com.nacosx.core.util.DaemonThreads;
import com.nacosx.core.util.MadeOnFirstUse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Checks persistent instances from the server, as their cluster says: TCP connect, HTTP GET of
 * the check path (2xx is healthy), or not at all (NONE: health is set through the API). An
 * instance changes state after {@link #CHECK_TIMES} results in a row that disagree with it, so one
 * lost packet does not flap it. Persistent instances are never removed by checks. In a cluster
 * only the instance's responsible node checks it, and its verdict goes through the Raft group, so
 * every node shows the same health.
 */
@Component
public class PersistentHealthChecker implements DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(PersistentHealthChecker.class);
    static final int CHECK_TIMES = 3;
    private static final long PERIOD_MILLIS = 2_000;
    private static final int TIMEOUT_MILLIS = 1_000;

    private final ServiceRegistry registry;
    private final CommandLog<ServiceRegistry> durable;
    private final DistroMapper mapper;
    private final NamingSwitches switches;
    private final Map<String, Integer> disagreeing = new ConcurrentHashMap<>();
    private final ExecutorService probes = Executors.newFixedThreadPool(8, DaemonThreads.named("naming-health-probe"));
    private final MadeOnFirstUse<HttpClient> http = new MadeOnFirstUse<>(() -> HttpClient.newBuilder()
            .connectTimeout(Duration.ofMillis(TIMEOUT_MILLIS)).executor(probes).build());
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("naming-health-check"));

    public PersistentHealthChecker(ServiceRegistry registry, CommandLog<ServiceRegistry> durable, DistroMapper mapper,
            NamingSwitches switches) {
        this.registry = registry;
        this.durable = durable;
        this.mapper = mapper;
        this.switches = switches;
        timer.scheduleWithFixedDelay(this::checkAll, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void checkAll() {
        if (!switches.healthCheckEnabled()) {
            return;
        }
        try {
            for (RegisteredService service : registry.all()) {
                if (service.ephemeral()) {
                    continue;
                }
                for (Map.Entry<String, Publication> entry : service.publications().entrySet()) {
                    if (ClientIds.isPersistent(entry.getKey())) {
                        for (InstanceRecord instance : entry.getValue().instances()) {
                            if (mapper.isSelf(mapper.responsible(instance.ip(), instance.port()))) {
                                check(service, entry.getKey(), instance);
                            }
                        }
                    }
                }
            }
        } catch (RuntimeException e) {
            LOG.error("health check round failed", e);
        }
    }

    private void check(RegisteredService service, String clientId, InstanceRecord instance) {
        ClusterMeta cluster = service.cluster(instance.cluster());
        int port = cluster.useInstancePort4Check() ? instance.port() : cluster.checkPort();
        CompletableFuture<Boolean> probe = switch (cluster.checkerType()) {
            case "TCP" -> CompletableFuture.supplyAsync(() -> connects(instance.ip(), port), probes);
            case "HTTP" -> answersOk(instance.ip(), port, cluster.checkPath());
            default -> null;
        };
        if (probe == null) {
            return;
        }
        String key = service.key() + "|" + clientId + "|" + instance.cluster();
        probe.thenAccept(healthy -> record(service, clientId, instance, key, healthy));
    }

    private void record(RegisteredService service, String clientId, InstanceRecord instance, String key,
            boolean healthy) {
        if (healthy == instance.healthy()) {
            disagreeing.remove(key);
            return;
        }
        if (disagreeing.merge(key, 1, Integer::sum) >= CHECK_TIMES) {
            disagreeing.remove(key);
            LOG.info("{}:{} in {} is now {} by {} check", instance.ip(), instance.port(), service.key(),
                    healthy ? "healthy" : "unhealthy", service.cluster(instance.cluster()).checkerType());
            try {
                durable.submitAndWait(new NamingCommand.SetHealthy(clientId, service.key(), instance.ip(), instance.port(),
                        instance.cluster(), healthy));
            } catch (RuntimeException e) {
                LOG.warn("could not record the health of {}:{} in {}: {}", instance.ip(), instance.port(),
                        service.key(), e.getMessage());
            }
        }
    }

    private static boolean connects(String ip, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(ip, port), TIMEOUT_MILLIS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private CompletableFuture<Boolean> answersOk(String ip, int port, String path) {
        String normalized = path.startsWith("/") ? path : "/" + path;
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + ip + ":" + port + normalized))
                    .timeout(Duration.ofMillis(TIMEOUT_MILLIS)).GET().build();
            return http.get().sendAsync(request, HttpResponse.BodyHandlers.discarding())
                    .thenApply(response -> response.statusCode() / 100 == 2)
                    .exceptionally(error -> false);
        } catch (IllegalArgumentException badUri) {
            return CompletableFuture.completedFuture(false);
        }
    }

    @Override
    public void destroy() {
        timer.shutdownNow();
        probes.shutdownNow();
    }
}
