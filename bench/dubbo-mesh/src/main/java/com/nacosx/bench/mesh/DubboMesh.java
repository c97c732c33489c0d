package com.nacosx.bench.mesh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ConfigCenterConfig;
import org.apache.dubbo.config.MetadataReportConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.cluster.ClusterInvoker;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * A Dubbo mesh started at once: {@code --services} provider applications of two instances each and
 * {@code --consumers} consumer applications that each refer to every service, all with
 * application-level discovery, Nacos as registry, metadata report and config center. Each
 * application lives in a framework model of its own, with its own Nacos clients, as if it were a
 * process. Prints the seconds until every application started and until every consumer's every
 * reference lists both instances of its service, and the servers' CPU over that time, then stops
 * the applications (they deregister). A redeployment is the tool run again.
 *
 * <pre>
 * java -jar dubbo-mesh.jar --nacos 127.0.0.1:8848[,HOST:PORT...] --services 10 --consumers 20 \
 *     --server-pids PID[,PID...] [--bound-seconds 300] [--port-base 21000]
 * </pre>
 */
public final class DubboMesh {

    private static final int INSTANCES_PER_SERVICE = 2;
    private static final long CLOCK_TICKS_PER_SECOND = 100;

    private DubboMesh() {
    }

    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args);
        // Application-level discovery only, as a mesh of 3.x applications runs once migrated.
        System.setProperty("dubbo.application.service-discovery.migration", "FORCE_APPLICATION");
        System.exit(deploy(options) ? 0 : 1);
    }

    /**
     * Builds the mesh, starts it, waits until it is fully subscribed, prints its line and stops
     * every application, which deregisters it.
     *
     * @return whether the mesh was fully subscribed within the bound
     */
    static boolean deploy(Options options) throws Exception {
        String registry = registryAddress(options.nacos());
        List<DubboBootstrap> applications = new ArrayList<>();
        List<List<ReferenceConfig<MeshService>>> references = new ArrayList<>();
        int port = options.portBase();
        for (int service = 0; service < options.services(); service++) {
            for (int instance = 0; instance < INSTANCES_PER_SERVICE; instance++) {
                applications.add(provider(registry, service, port++));
            }
        }
        for (int consumer = 0; consumer < options.consumers(); consumer++) {
            List<ReferenceConfig<MeshService>> refs = new ArrayList<>();
            applications.add(consumer(registry, consumer, options.services(), refs));
            references.add(refs);
        }

        long cpuBefore = serverCpuTicks(options.serverPids());
        long start = System.nanoTime();
        startAll(applications);
        double startedSeconds = secondsSince(start);
        long bound = start + options.boundSeconds() * 1_000_000_000L;
        int missing;
        while ((missing = referencesShortOfBothInstances(references)) > 0 && System.nanoTime() < bound) {
            Thread.sleep(50);
        }
        double subscribedSeconds = secondsSince(start);
        double cpuSeconds = (double) (serverCpuTicks(options.serverPids()) - cpuBefore) / CLOCK_TICKS_PER_SECOND;
        System.out.printf(Locale.ROOT, "mesh: %d providers (%d services), %d consumers, %d references: "
                        + "all started %.1f s, fully subscribed %s, servers' CPU %.1f s (%.0f%% of one core)%n",
                options.services() * INSTANCES_PER_SERVICE, options.services(), options.consumers(),
                options.consumers() * options.services(), startedSeconds,
                missing == 0 ? String.format(Locale.ROOT, "%.1f s", subscribedSeconds)
                        : "NOT within " + options.boundSeconds() + " s (" + missing + " references short)",
                cpuSeconds, 100 * cpuSeconds / subscribedSeconds);
        for (DubboBootstrap application : applications) {
            application.stop();
        }
        return missing == 0;
    }

    /** Starts the applications 8 at a time, as a deployment rolls many pods out together. */
    static void startAll(List<DubboBootstrap> applications) throws Exception {
        ExecutorService starters = Executors.newFixedThreadPool(8);
        List<Future<?>> starts = new ArrayList<>();
        for (DubboBootstrap application : applications) {
            starts.add(starters.submit(() -> {
                application.start();
                if (application.getApplicationModel().getDeployer().isFailed()) {
                    throw new IllegalStateException(application.getApplicationModel().getApplicationName()
                            + " did not start", application.getApplicationModel().getDeployer().getError());
                }
            }));
        }
        try {
            for (Future<?> started : starts) {
                started.get();
            }
        } finally {
            starters.shutdown();
        }
    }

    /** The first server, the others as Dubbo's backups: the Nacos client spreads over all of them. */
    static String registryAddress(String nacos) {
        String[] servers = nacos.split(",");
        StringBuilder address = new StringBuilder("nacos://").append(servers[0]);
        if (servers.length > 1) {
            address.append("?backup=").append(String.join(",", List.of(servers).subList(1, servers.length)));
        }
        return address.toString();
    }

    static DubboBootstrap application(String registry, String name) {
        ApplicationConfig application = new ApplicationConfig(name);
        application.setQosEnable(false);
        application.setRegisterMode("instance");
        ConfigCenterConfig configCenter = new ConfigCenterConfig();
        configCenter.setAddress(registry);
        return DubboBootstrap.newInstance(new FrameworkModel()).application(application)
                .registry(new RegistryConfig(registry)).configCenter(configCenter)
                .metadataReport(new MetadataReportConfig(registry));
    }

    static DubboBootstrap provider(String registry, int service, int port) {
        ServiceConfig<MeshService> export = new ServiceConfig<>();
        export.setInterface(MeshService.class);
        export.setVersion("s" + service);
        export.setRef(() -> "s" + service);
        // A port each: Dubbo's "any free port" is chosen before the bind, and providers started
        // together would all choose the same one.
        return application(registry, "mesh-provider-" + service).protocol(new ProtocolConfig("dubbo", port)).service(export);
    }

    static DubboBootstrap consumer(String registry, int consumer, int services, List<ReferenceConfig<MeshService>> refs) {
        DubboBootstrap bootstrap = application(registry, "mesh-consumer-" + consumer);
        for (int service = 0; service < services; service++) {
            ReferenceConfig<MeshService> reference = new ReferenceConfig<>();
            reference.setInterface(MeshService.class);
            reference.setVersion("s" + service);
            reference.setCheck(false);
            reference.setScope("remote");
            refs.add(reference);
            bootstrap.reference(reference);
        }
        return bootstrap;
    }

    static int referencesShortOfBothInstances(List<List<ReferenceConfig<MeshService>>> references) {
        int shortOfBoth = 0;
        for (List<ReferenceConfig<MeshService>> consumer : references) {
            for (ReferenceConfig<MeshService> reference : consumer) {
                if (!(reference.getInvoker() instanceof ClusterInvoker<?> invoker)
                        || invoker.getDirectory() == null
                        || invoker.getDirectory().getAllInvokers().size() < INSTANCES_PER_SERVICE) {
                    shortOfBoth++;
                }
            }
        }
        return shortOfBoth;
    }

    /** utime + stime of each server process, from /proc. */
    static long serverCpuTicks(List<Long> pids) throws Exception {
        long ticks = 0;
        for (long pid : pids) {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        }
        return ticks;
    }

    static double secondsSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    record Options(String nacos, int services, int consumers, List<Long> serverPids, long boundSeconds, int portBase) {

        static Options parse(String[] args) {
            String nacos = "127.0.0.1:8848";
            int services = 10;
            int consumers = 20;
            List<Long> pids = List.of();
            long bound = 300;
            int portBase = 21000;
            for (int i = 0; i + 1 < args.length; i += 2) {
                switch (args[i]) {
                    case "--nacos" -> nacos = args[i + 1];
                    case "--services" -> services = Integer.parseInt(args[i + 1]);
                    case "--consumers" -> consumers = Integer.parseInt(args[i + 1]);
                    case "--server-pids" -> pids = List.of(args[i + 1].split(",")).stream().map(Long::valueOf).toList();
                    case "--bound-seconds" -> bound = Long.parseLong(args[i + 1]);
                    case "--port-base" -> portBase = Integer.parseInt(args[i + 1]);
                    default -> throw new IllegalArgumentException("unknown option " + args[i]
                            + "; options: --nacos --services --consumers --server-pids --bound-seconds --port-base");
                }
            }
            return new Options(nacos, services, consumers, pids, bound, portBase);
        }
    }
}
