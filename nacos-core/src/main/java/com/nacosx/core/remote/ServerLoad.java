package com.nacosx.core.remote;

import org.springframework.stereotype.Component;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.Map;

/** This node's load as the official loader reports it: connections, CPU, load average, heap. */
@Component
public class ServerLoad {

    private final ConnectionManager connections;

    public ServerLoad(ConnectionManager connections) {
        this.connections = connections;
    }

    public Map<String, String> metrics() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        double cpu = os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuLoad() : -1;
        Runtime runtime = Runtime.getRuntime();
        long sdk = connections.all().stream().filter(c -> c.meta().isSdk()).count();
        return Map.of(
                "conCount", Integer.toString(connections.count()),
                "sdkConCount", Long.toString(sdk),
                "load", Double.toString(os.getSystemLoadAverage()),
                "cpu", Double.toString(cpu),
                "memoryUsage", Double.toString(
                        (double) (runtime.totalMemory() - runtime.freeMemory()) / runtime.maxMemory()));
    }
}
